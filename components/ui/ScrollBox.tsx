import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/**
 * A box that scrolls when its content does not fit (a wide table). While it
 * scrolls it is a named region in the tab order, so keyboard users can reach
 * it and scroll it with the arrow keys; while everything fits it is a plain
 * box, and adds no tab stop.
 */
export function ScrollBox({ label, class: className, children }: { label: string; class?: string; children: ComponentChildren }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    // The box resizes with the page; its content with the data. No check here: reading sizes now would
    // force a layout in the middle of the first render (~8 ms in the popup). The observer's first report
    // comes after the browser's own layout and before paint, so the first frame is already right.
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  return (
    <div ref={box} class={className ? `table-wrap ${className}` : 'table-wrap'} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
