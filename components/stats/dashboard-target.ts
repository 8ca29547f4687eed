/**
 * The dashboard opened at a metric (an alert's click:
 * `dashboard.html#project=nebula&metric=dailyUsers`): the metric's block is
 * scrolled to and focused once it is there (lower sections mount when
 * scrolled to). The project is the page's `openProject` (entrypoints/dashboard).
 */
import { isStatMetric, STAT_METRICS } from '@/lib/stats/metrics.ts';

/** Scrolls to the metric's block and focuses it, waiting (10 s at most) for its section to mount and its numbers to show. */
export function focusMetricBlock(metric: string, root: ParentNode & Node = document.body): void {
  if (!isStatMetric(metric)) return;
  const { block, section } = STAT_METRICS[metric];
  const find = () => root.querySelector<HTMLElement>(`[data-block="${block}"]`);
  let focused = false;
  const show = (el: HTMLElement) => {
    el.scrollIntoView({ block: 'start' });
    if (focused) return;
    focused = true;
    el.tabIndex = -1;
    el.dataset.target = '';
    el.focus({ preventScroll: true });
  };
  const settle = () => {
    const el = find();
    if (!el) {
      // Lower sections mount when scrolled near.
      root.querySelector(`#h-${section}`)?.scrollIntoView({ block: 'start' });
      return false;
    }
    show(el);
    return el.dataset.state !== 'loading';
  };
  if (settle()) return;
  const mo = new MutationObserver(() => settle() && stop());
  const timer = setTimeout(() => stop(), 10_000);
  const stop = () => {
    mo.disconnect();
    clearTimeout(timer);
  };
  mo.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
}
