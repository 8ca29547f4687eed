// @vitest-environment happy-dom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { Change } from '@/components/stats/Change.tsx';
import { computeChange } from '@/lib/stats/change.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';

const root = useRenderRoot();

/** What a sighted user reads (the aria-hidden part) and what a screen reader reads (the rest). */
function texts(el: Element) {
  const shown = el.querySelector('[aria-hidden="true"]')?.textContent ?? '';
  const spoken = el.querySelector('.sr-only')?.textContent ?? '';
  return { shown, spoken };
}

describe('Change', () => {
  it('up: an arrow and a sign, not colour alone, and the sentence for screen readers', () => {
    render(<Change change={computeChange(1042, 1000)} days={30} />, root());
    const el = root().querySelector('.change')!;
    expect(el.getAttribute('data-change')).toBe('up');
    expect(el.classList.contains('change-up')).toBe(true);
    expect(texts(el)).toEqual({ shown: '\u25B2+4.2%', spoken: 'up 4.2% from the 30 days before' });
    expect(el.getAttribute('title')).toBe('up 4.2% from the 30 days before');
  });

  it('a level compared by its mean per day says so on hover, and reads out the same sentence', () => {
    render(<Change change={computeChange(1042, 1000)} days={30} perDay />, root());
    const el = root().querySelector('.change')!;
    expect(el.getAttribute('title')).toBe('up 4.2% from the 30 days before, comparing the average per day');
    expect(texts(el).spoken).toBe('up 4.2% from the 30 days before');
    // Nothing to qualify where there is no figure, or one day against one day.
    render(<Change change={computeChange(12, null)} days={30} perDay />, root());
    expect(root().querySelector('.change')!.getAttribute('title')).toBe('no earlier data to compare with');
    render(<Change change={computeChange(1042, 1000)} days={1} perDay />, root());
    expect(root().querySelector('.change')!.getAttribute('title')).toBe('up 4.2% from the day before');
  });

  it('down and flat have their own arrows', () => {
    render(<Change change={computeChange(900, 1000)} days={7} />, root());
    expect(texts(root().querySelector('.change')!)).toEqual({ shown: '\u25BC-10%', spoken: 'down 10% from the 7 days before' });
    render(<Change change={computeChange(1000, 1000)} days={7} />, root());
    expect(texts(root().querySelector('.change')!)).toEqual({ shown: '\u25AC0%', spoken: 'unchanged from the 7 days before' });
  });

  it('no earlier data: words, no arrow, no percentage', () => {
    render(<Change change={computeChange(12, null)} days={30} />, root());
    const el = root().querySelector('.change')!;
    expect(el.getAttribute('data-change')).toBe('no-earlier');
    expect(el.querySelector('.change-arrow')).toBeNull();
    expect(texts(el)).toEqual({ shown: 'no earlier data', spoken: 'no earlier data to compare with' });
  });

  it('while the earlier figure loads: room kept, nothing read out', () => {
    render(<Change change={undefined} days={30} />, root());
    const el = root().querySelector('.change')!;
    expect(el.getAttribute('data-change')).toBe('loading');
    expect(el.getAttribute('aria-hidden')).toBe('true');
    expect(el.textContent).toBe('');
  });
});
