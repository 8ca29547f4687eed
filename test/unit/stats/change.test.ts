import { describe, expect, it } from 'vitest';
import { changeShort, changeSpoken, computeChange, periodFigure } from '@/lib/stats/change.ts';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

describe('computeChange', () => {
  it('a count changes by a percentage of what it was', () => {
    expect(computeChange(1042, 1000)).toEqual({ kind: 'relative', direction: 'up', ratio: 0.042 });
    expect(computeChange(969, 1000)).toMatchObject({ kind: 'relative', direction: 'down' });
    expect(computeChange(969, 1000)).toHaveProperty('ratio', expect.closeTo(-0.031, 10));
    // Against a negative figure the direction follows the value, not the sign of the ratio's denominator.
    expect(computeChange(-50, -100)).toEqual({ kind: 'relative', direction: 'up', ratio: 0.5 });
  });

  it('what rounds to 0.0% is flat', () => {
    expect(computeChange(100_004, 100_000)).toMatchObject({ kind: 'relative', direction: 'flat' });
    expect(computeChange(100_050, 100_000)).toMatchObject({ kind: 'relative', direction: 'up' });
    expect(computeChange(7, 7)).toEqual({ kind: 'relative', direction: 'flat', ratio: 0 });
  });

  it('a share changes by percentage points', () => {
    expect(computeChange(0.35, 0.3, 'share')).toMatchObject({ kind: 'points', direction: 'up' });
    expect(computeChange(0.35, 0.3, 'share')).toHaveProperty('points', expect.closeTo(0.05, 10));
    expect(computeChange(0.3, 0.3002, 'share')).toMatchObject({ kind: 'points', direction: 'flat' });
  });

  it('no earlier figure, or an earlier 0, has no percentage (never +∞ or NaN)', () => {
    expect(computeChange(10, null)).toEqual({ kind: 'no-earlier' });
    expect(computeChange(10, undefined)).toEqual({ kind: 'no-earlier' });
    expect(computeChange(10, Number.NaN)).toEqual({ kind: 'no-earlier' });
    expect(computeChange(null, 10)).toEqual({ kind: 'no-current' });
    expect(computeChange(10, 0)).toEqual({ kind: 'from-zero', direction: 'up', current: 10 });
    expect(computeChange(0, 0)).toEqual({ kind: 'from-zero', direction: 'flat', current: 0 });
  });
});

describe('periodFigure: a period from a daily series', () => {
  const series = {
    x: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map(day),
    values: [10, null, 30, 40, 1000],
  };
  const p = { from: '2026-11-01', to: '2026-11-04' };

  it('sums or averages the days of the period that have a value', () => {
    expect(periodFigure(series, p, 'sum')).toBe(80);
    expect(periodFigure(series, p, 'mean')).toBeCloseTo(80 / 3, 10);
  });

  it('is unknown when the service sent no day of the period', () => {
    expect(periodFigure(series, { from: '2026-10-01', to: '2026-10-31' }, 'sum')).toBeNull();
    expect(periodFigure({ x: [day('2026-11-02')], values: [null] }, p, 'mean')).toBeNull();
  });
});

describe('the change in words (English)', () => {
  it('short: arrow-less signed figures, and words where there is no figure', () => {
    expect(changeShort(computeChange(1042, 1000))).toBe('+4.2%');
    expect(changeShort(computeChange(969, 1000))).toBe('-3.1%');
    expect(changeShort(computeChange(1000, 1000))).toBe('0%');
    expect(changeShort(computeChange(0.35, 0.3, 'share'))).toBe('+5 pts');
    expect(changeShort(computeChange(0.279, 0.3, 'share'))).toBe('-2.1 pts');
    expect(changeShort(computeChange(5, 0))).toBe('from 0');
    expect(changeShort(computeChange(5, null))).toBe('no earlier data');
    expect(changeShort({ kind: 'snapshot' })).toBe('no history');
  });

  it('spoken: the whole sentence a screen reader reads', () => {
    expect(changeSpoken(computeChange(1042, 1000), 30)).toBe('up 4.2% from the 30 days before');
    expect(changeSpoken(computeChange(969, 1000), 7)).toBe('down 3.1% from the 7 days before');
    expect(changeSpoken(computeChange(1000, 1000), 1)).toBe('unchanged from the day before');
    expect(changeSpoken(computeChange(0.279, 0.3, 'share'), 30)).toBe('down 2.1 percentage points from the 30 days before');
    expect(changeSpoken(computeChange(1500, 0), 90)).toBe('1,500, against 0 in the 90 days before');
    expect(changeSpoken(computeChange(5, null), 30)).toBe('no earlier data to compare with');
    expect(changeSpoken({ kind: 'failed' }, 30)).toBe('the change could not be loaded');
    expect(changeShort({ kind: 'failed' })).toBe('change unavailable');
    expect(changeSpoken({ kind: 'snapshot' }, 30)).toBe('no change shown: the service gives no earlier figures for this');
  });

  it('says the cause of a missing change: no complete day yet only when there is none; else why the figure is unknown', () => {
    expect(changeShort({ kind: 'no-complete-day' })).toBe('no complete day yet');
    expect(changeSpoken({ kind: 'no-complete-day' }, 0)).toBe('no complete day to compare yet');
    const causes = [
      [{ kind: 'no-current', why: 'missing' }, 'not in the answer', "no change: this figure is missing from the service's answer"],
      [{ kind: 'no-current', why: 'unknown' }, 'figure unknown', "no change: the service's answer gives this figure as unknown"],
      [{ kind: 'no-current', why: 'no-days' }, 'no data', 'no change: the service sent no figure for any of these days'],
      // As 0.3.0 stored it (no cause): unknown, never "no complete day".
      [{ kind: 'no-current' }, 'figure unknown', 'no change: this figure is unknown'],
    ] as const;
    for (const [change, short, spoken] of causes) {
      expect(changeShort(change)).toBe(short);
      expect(changeSpoken(change, 30)).toBe(spoken);
      expect(`${changeShort(change)} ${changeSpoken(change, 30)}`).not.toMatch(/complete day/);
    }
  });
});
