import { describe, expect, it } from 'vitest';
import { pinnedRequest } from '@/lib/pins/pins.ts';
import { rowHeadlines, rowPlan } from '@/lib/pins/row-headlines.ts';
import { requestKey } from '@/lib/stats/query.ts';

const DAY = 86_400;
const NOW = Date.UTC(2026, 10, 26, 15, 0); // Nov 26, 15:00 UTC: today is not over
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

/** A holder-change answer with one active and new figure per day from `from` for `n` days. */
function answer(from: string, n: number, active: (i: number) => number, fresh: (i: number) => number, total: number) {
  const logs: Record<string, { active: number; new: number }> = {};
  for (let i = 0; i < n; i++) logs[String(day(from) + i * DAY)] = { active: active(i), new: fresh(i) };
  return { now: { active: active(n - 1), new: 0, total }, logs };
}

const got = (body: unknown, storedAt = NOW) => ({ body, storedAt });

describe('a pinned row’s figures and changes', () => {
  it('asks for the last 30 complete days (its numbers) and the 30 before (their changes): the Stats view\'s period requests', () => {
    const plan = rowPlan('nebula', NOW);
    expect(plan.periods).toEqual({ days: 30, current: { from: '2026-10-27', to: '2026-11-25' }, previous: { from: '2026-09-27', to: '2026-10-26' } });
    const over = (p: { from: string; to: string }) => ({ ...pinnedRequest('nebula'), filters: { ...pinnedRequest('nebula').filters, range: p } });
    expect(plan.current).toEqual({ request: over(plan.periods.current), completeAfterMs: Date.UTC(2026, 10, 26) });
    expect(plan.previous.request).toEqual(over(plan.periods.previous));
    // Never the row's old "last 30 days up to now", which counts today so far.
    expect(requestKey(plan.current.request)).not.toBe(requestKey(pinnedRequest('nebula')));
  });

  it('shows the current period\'s figures beside changes of the same days', () => {
    const plan = rowPlan('nebula', NOW);
    const h = rowHeadlines(plan, got(answer('2026-10-27', 30, () => 110, () => 2, 5_000)), got(answer('2026-09-27', 30, () => 100, () => 1, 4_000)));
    expect(h.total).toMatchObject({ value: 5_000, covers: { kind: 'end', day: day('2026-11-25') }, change: { kind: 'relative', ratio: 0.25 } });
    expect(h.active).toMatchObject({ value: 110, covers: { kind: 'day', day: day('2026-11-25') }, perDay: true });
    expect((h.active.change as { ratio: number }).ratio).toBeCloseTo(0.1);
    expect(h.new).toMatchObject({ value: 60, change: { kind: 'relative', ratio: 1 } });
  });

  it('waits while the earlier answer loads, says the change is unavailable when that failed, and waits for an answer that holds the last day whole', () => {
    const plan = rowPlan('nebula', NOW);
    const current = got(answer('2026-10-27', 30, () => 110, () => 2, 5_000));
    const loading = rowHeadlines(plan, current, undefined);
    expect([loading.total.change, loading.active.change, loading.new.change]).toEqual([undefined, undefined, undefined]);
    expect(loading.total.value).toBe(5_000);
    expect(rowHeadlines(plan, current, null).active.change).toEqual({ kind: 'failed' });
    // Fetched yesterday, before Nov 25 was over: neither its numbers nor their changes are taken.
    const early = rowHeadlines(plan, got(current.body, Date.UTC(2026, 10, 25, 20, 0)), got(answer('2026-09-27', 30, () => 100, () => 1, 4_000)));
    expect(early.active.value).toBeUndefined();
    expect(early.active.change).toBeUndefined();
  });
});
