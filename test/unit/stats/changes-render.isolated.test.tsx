// @vitest-environment happy-dom
/**
 * A block with changes: its own answer first, then the two periods, through
 * the same page loader (mocked here: what the worker answers); the figure
 * shows the change worked out from those answers. The numbers never wait.
 */
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import type { CacheEntry } from '@/lib/cache/swr.ts';
import type { StatsRequest } from '@/lib/stats/query.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { eventually } from '@/test/unit/eventually.ts';

const asked: StatsRequest[] = [];
/** For each period asked, the block's "new holders" number on screen at that moment. */
const shownWhenAsked: (string | null)[] = [];
let releaseMain: () => void = () => undefined;
const DAY = 86_400;
const today = Math.floor(Date.now() / 1000 / DAY);

/** A holder-change answer: every day of the range asked, `new` = `perDay`. */
function answer(req: StatsRequest, perDay: number): unknown {
  const r = req.filters.range;
  const [first, last] = 'days' in r ? [today - r.days, today] : [Date.parse(`${r.from}T00:00:00Z`) / 1000 / DAY, Date.parse(`${r.to}T00:00:00Z`) / 1000 / DAY];
  const logs: Record<string, { active: number; new: number }> = {};
  for (let d = first; d <= last; d++) logs[String(d * DAY)] = { active: 100, new: perDay };
  return { now: { total: 5000, active: 100, new: perDay * (last - first + 1) }, logs };
}

vi.mock('@/lib/stats/page-client.ts', () => ({
  pagePaintSnapshot: () => ({ entry: () => undefined, rememberEntry: () => undefined }),
  pageLoaderDeps: () => ({
    peek: async () => undefined,
    now: Date.now,
    ttlMs: 60_000,
    fetch: async (req: StatsRequest): Promise<CacheEntry<unknown>> => {
      asked.push(req);
      const r = req.filters.range;
      if (!('days' in r)) shownWhenAsked.push(document.querySelector('[data-figure="new"] .num')?.textContent ?? null);
      if ('days' in r) await new Promise<void>((resolve) => (releaseMain = resolve));
      // The range and the current period: 11 new holders a day; the previous one: 10.
      const current = !('days' in r) && r.to === new Date((today - 1) * DAY * 1000).toISOString().slice(0, 10);
      return { value: answer(req, 'days' in r || current ? 11 : 10), storedAt: Date.now() };
    },
  }),
}));

const { Block } = await import('@/components/stats/Block.tsx');
const { StatsContext } = await import('@/components/stats/context.ts');
const { HolderFigures } = await import('@/components/stats/sections/holders.tsx');

const root = useRenderRoot();

describe('a block with changes', () => {
  it('asks for the two periods only once its own answer is shown, and shows the change they make', async () => {
    const ctx = {
      filters: { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 7 } as const },
      layout: 'page' as const, refreshToken: 0, options: {}, setOption: () => undefined, report: () => undefined, keyWorks: true,
    };
    render(
      <StatsContext.Provider value={ctx}>
        <Block id="holders" title="Holders" op="holderChange" changes>
          {(v) => <HolderFigures v={v} />}
        </Block>
      </StatsContext.Provider>,
      root(),
    );
    await eventually(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.filters.range).toEqual({ days: 7 });
    releaseMain();
    // The 7 complete days' new holders (today's 11 so far left out), at once from the block's own answer.
    await eventually(() => expect(root().querySelector('[data-figure="new"] .num')?.textContent).toBe('77'));
    const iso = (d: number) => new Date(d * DAY * 1000).toISOString().slice(0, 10);
    await eventually(() => expect(asked).toHaveLength(3));
    expect(asked.slice(1).map((r) => r.filters.range)).toEqual([
      { from: iso(today - 7), to: iso(today - 1) },
      { from: iso(today - 14), to: iso(today - 8) },
    ]);
    // Both periods were asked for with the block's own number already on screen.
    expect(shownWhenAsked).toEqual(['77', '77']);
    const change = root().querySelector('[data-figure="new"] .change')!;
    await eventually(() => expect(change.getAttribute('data-change')).toBe('up'));
    expect(Number(change.getAttribute('data-delta'))).toBeCloseTo(0.1, 10);
    expect(change.querySelector('.sr-only')!.textContent).toBe('up 10% from the 7 days before');
    // The total is a window figure: the current period's answer, 5000 at the end of both periods.
    await eventually(() => expect(root().querySelector('[data-figure="total"] .num')?.textContent).toBe('5,000'));
    expect(root().querySelector('[data-figure="total"] .change')!.getAttribute('data-change')).toBe('flat');
  });
});
