import { describe, expect, it } from 'vitest';
import { normalize } from '@/lib/stats/operation-views.ts';
import { isPartialDay, partialDayName, partialFrom, splitAt } from '@/lib/stats/partial-day.ts';
import { latestCompletePoint, latestPoint } from '@/lib/stats/partial-day.ts';

/** 2026-11-23 00:00 UTC and the days around it, as the service keys them (Unix seconds at UTC midnight). */
const NOV22 = Date.UTC(2026, 10, 22) / 1000;
const NOV23 = NOV22 + 86_400;
const NOV24 = NOV23 + 86_400;
const at = (day: number, hh: number, mm = 0) => day * 1000 + (hh * 60 + mm) * 60_000;

const daily = (points: readonly [number, number][]) =>
  normalize('dailyUsers', { dailyUsers: points.map(([timestamp, users]) => ({ timestamp, numberOfUsers: users, numberOfTransactions: users * 3 })) });

describe('isPartialDay: a UTC day is partial for an answer fetched before it was over', () => {
  it('is partial from its first millisecond to its last, and over from the next midnight', () => {
    expect(isPartialDay(NOV23, at(NOV23, 0))).toBe(true);
    expect(isPartialDay(NOV23, at(NOV23, 14, 5))).toBe(true);
    expect(isPartialDay(NOV23, at(NOV24, 0) - 1)).toBe(true);
    expect(isPartialDay(NOV23, at(NOV24, 0))).toBe(false);
    expect(isPartialDay(NOV22, at(NOV23, 14, 5))).toBe(false);
  });
  it('goes by UTC days, not the viewer\'s: 23:30 in New York on Nov 22 is already Nov 23 in UTC', () => {
    const newYorkEvening = Date.parse('2026-11-22T23:30:00-05:00');
    expect(isPartialDay(NOV22, newYorkEvening)).toBe(false);
    expect(isPartialDay(NOV23, newYorkEvening)).toBe(true);
  });
});

describe('partialFrom', () => {
  it('is the index of the trailing points whose days were not over, or null', () => {
    expect(partialFrom([NOV22, NOV23], at(NOV23, 9))).toBe(1);
    expect(partialFrom([NOV22, NOV23], at(NOV24, 0))).toBeNull();
    expect(partialFrom([], at(NOV23, 9))).toBeNull();
    // Only the last point holds "now"; a point after it (a clock gone back) is not over either.
    expect(partialFrom([NOV22, NOV23, NOV24], at(NOV23, 9))).toBe(1);
  });
});

describe('partialDayName', () => {
  it('is "today" while the partial day and its answer are today, else the day and the time it was fetched', () => {
    expect(partialDayName(NOV23, at(NOV23, 9), at(NOV23, 18))).toEqual({ today: true });
    // An answer fetched late on Nov 23, looked at after midnight: Nov 23, until 23:50.
    expect(partialDayName(NOV23, at(NOV23, 23, 50), at(NOV24, 0, 10))).toEqual({ today: false, day: NOV23, until: at(NOV23, 23, 50) });
  });
});

describe('splitAt the first partial day', () => {
  const v = daily([[NOV22, 736], [NOV23, 120]]);
  it('nulls the partial day in the complete series and keeps it, joined to the day before, in the partial one', () => {
    const s = splitAt(v.series, partialFrom(v.series.x, at(NOV23, 10)));
    expect(s.from).toBe(1);
    expect(s.complete.series.map((c) => c.values)).toEqual([[736, null], [2208, null]]);
    expect(s.partial!.series.map((c) => c.values)).toEqual([[736, 120], [2208, 360]]);
    expect(s.partial!.x).toEqual([NOV22, NOV23]);
  });
  it('leaves a series whose days are all over as it is', () => {
    const s = splitAt(v.series, partialFrom(v.series.x, at(NOV24, 0, 1)));
    expect(s).toEqual({ complete: v.series, partial: null, from: null });
  });
});

describe('latest points and the partial day', () => {
  const v = daily([[NOV22, 736], [NOV23, 120]]);
  it('the latest point says it is partial; the latest complete point is the day before', () => {
    expect(latestPoint(v.series, at(NOV23, 10))).toEqual({ time: NOV23, values: { users: 120, transactions: 360 }, partial: true });
    expect(latestCompletePoint(v.series, at(NOV23, 10))).toEqual({ time: NOV22, values: { users: 736, transactions: 2208 }, partial: false });
  });
  it('once the answer was fetched after midnight, the last day is complete', () => {
    expect(latestCompletePoint(v.series, at(NOV24, 0, 5))?.time).toBe(NOV23);
    expect(latestPoint(v.series, at(NOV24, 0, 5))?.partial).toBe(false);
  });
  it('has no complete point when the only day is partial', () => {
    expect(latestCompletePoint(daily([[NOV23, 5]]).series, at(NOV23, 1))).toBeNull();
  });
});
