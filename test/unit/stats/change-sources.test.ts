import { describe, expect, it } from 'vitest';
import { CHANGE_SOURCES, changeOf, hasHistory, trafficVisitors } from '@/lib/stats/change-sources.ts';
import { normalize } from '@/lib/stats/operation-views.ts';
import { comparedPeriods } from '@/lib/stats/periods.ts';

const DAY = 86_400;
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const periods = comparedPeriods({ days: 7 }, Date.parse('2026-11-26T15:00:00Z'))!;

/** A holder-change answer for 7 days from `from`, active = base + i, new = 10 each day. */
function holders(from: string, base: number, total: number) {
  const logs: Record<string, { active: number; new: number }> = {};
  for (let i = 0; i < 7; i++) logs[String(day(from) + i * DAY)] = { active: base + i, new: 10 };
  return { now: { active: base + 6, new: 70, total }, logs };
}

describe('changeOf', () => {
  const current = holders(periods.current.from, 200, 5000);
  const previous = holders(periods.previous.from, 100, 4000);

  it('a level series compares the means per day, a flow series the totals', () => {
    // Means: 203 against 103.
    expect(changeOf(CHANGE_SOURCES.activeHolders, periods, current, previous)).toEqual({ kind: 'relative', direction: 'up', ratio: (203 - 103) / 103 });
    expect(changeOf(CHANGE_SOURCES.newHolders, periods, current, previous)).toEqual({ kind: 'relative', direction: 'flat', ratio: 0 });
  });

  it('a window figure compares each period\'s own answer', () => {
    expect(changeOf(CHANGE_SOURCES.totalHolders, periods, current, previous)).toEqual({ kind: 'relative', direction: 'up', ratio: 0.25 });
  });

  it('days outside the period are not counted (an answer holding more days than asked)', () => {
    const longer = { ...previous, logs: { ...previous.logs, [String(day(periods.current.from))]: { active: 1_000_000, new: 1_000_000 } } };
    expect(changeOf(CHANGE_SOURCES.newHolders, periods, current, longer)).toMatchObject({ direction: 'flat' });
  });

  it('an earlier answer without the days, or a failed one, is "no earlier data"; one not there yet is still loading', () => {
    expect(changeOf(CHANGE_SOURCES.activeHolders, periods, current, { now: {}, logs: {} })).toEqual({ kind: 'no-earlier' });
    expect(changeOf(CHANGE_SOURCES.activeHolders, periods, current, null)).toEqual({ kind: 'no-earlier' });
    expect(changeOf(CHANGE_SOURCES.activeHolders, periods, current, undefined)).toBeUndefined();
  });

  it('a returning share changes by points', () => {
    const inb = (ret: number) => ({ wallet: { new: 100 - ret, return: ret }, visitor: { new: 1, return: 1 } });
    expect(changeOf(CHANGE_SOURCES.returningShare, periods, inb(40), inb(30))).toMatchObject({ kind: 'points', direction: 'up', points: expect.closeTo(0.1, 10) });
  });

  it('snapshots have no history, and say so whatever the answers', () => {
    expect(changeOf(CHANGE_SOURCES.whales, periods, undefined, undefined)).toEqual({ kind: 'snapshot' });
    expect(changeOf(CHANGE_SOURCES.countryVisitors, null, undefined, undefined)).toEqual({ kind: 'snapshot' });
    expect(hasHistory('tokenBalanceDistribution')).toBe(false);
    expect(hasHistory('distributionByCountries')).toBe(false);
    expect(hasHistory('dailyUsers')).toBe(true);
  });

  it('no complete day in the range: nothing to compare yet', () => {
    expect(changeOf(CHANGE_SOURCES.dailyUsers, null, undefined, undefined)).toEqual({ kind: 'no-current' });
  });

  it('every source that is not a snapshot asks an operation that takes a time range', () => {
    for (const [id, s] of Object.entries(CHANGE_SOURCES)) expect(hasHistory(s.op), id).toBe(s.kind !== 'snapshot');
  });
});

describe('trafficVisitors', () => {
  it('is a member\'s users over its share of the window\'s visitors', () => {
    const v = normalize('trafficShare', { layers: [[{ title: 'x.com', users: 800, ratio: 0.4 }, { title: 'y', users: 10, ratio: 0.005 }]], flows: [] });
    expect(trafficVisitors(v)).toBe(2000);
    expect(trafficVisitors(normalize('trafficShare', { layers: [], flows: [] }))).toBeNull();
  });
});
