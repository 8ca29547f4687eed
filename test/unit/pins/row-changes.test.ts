import { describe, expect, it } from 'vitest';
import { pinnedRequest } from '@/lib/pins/pins.ts';
import { rowChanges, rowPeriods } from '@/lib/pins/row-changes.ts';
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

describe('a pinned row’s changes', () => {
  it('compares the last 30 complete days with the 30 before, asking only for the earlier ones', () => {
    const { periods, previous } = rowPeriods('nebula', NOW);
    expect(periods).toEqual({ days: 30, current: { from: '2026-10-27', to: '2026-11-25' }, previous: { from: '2026-09-27', to: '2026-10-26' } });
    expect(previous).toEqual({ ...pinnedRequest('nebula'), filters: { ...pinnedRequest('nebula').filters, range: { from: '2026-09-27', to: '2026-10-26' } } });
    expect(requestKey(previous)).not.toBe(requestKey(pinnedRequest('nebula')));
  });

  it('reads the current period from the row’s own answer (today so far left out) and the previous from its answer', () => {
    const { periods } = rowPeriods('nebula', NOW);
    // Oct 27 .. Nov 26 (today so far, a huge figure that must not count): 31 days.
    const current = answer('2026-10-27', 31, (i) => (i === 30 ? 99_999 : 110), () => 2, 5_000);
    const previous = answer('2026-09-27', 30, () => 100, () => 1, 4_000);
    const c = rowChanges(periods, { body: current, storedAt: NOW }, previous);
    expect(c.active).toMatchObject({ kind: 'relative', direction: 'up' });
    expect((c.active as { ratio: number }).ratio).toBeCloseTo(0.1);
    expect((c.new as { ratio: number }).ratio).toBeCloseTo(1); // 60 new against 30
    expect((c.total as { ratio: number }).ratio).toBeCloseTo(0.25);
  });

  it('waits while the earlier answer loads, says the change is unavailable when that failed, and waits for an answer that holds the last day whole', () => {
    const { periods } = rowPeriods('nebula', NOW);
    const current = answer('2026-10-27', 31, () => 110, () => 2, 5_000);
    expect(rowChanges(periods, { body: current, storedAt: NOW }, undefined)).toEqual({ total: undefined, active: undefined, new: undefined });
    expect(rowChanges(periods, { body: current, storedAt: NOW }, null).active).toEqual({ kind: 'failed' });
    // Fetched yesterday, before Nov 25 was over: its changes wait for the newer answer.
    const early = Date.UTC(2026, 10, 25, 20, 0);
    expect(rowChanges(periods, { body: current, storedAt: early }, answer('2026-09-27', 30, () => 100, () => 1, 4_000)).active).toBeUndefined();
  });
});
