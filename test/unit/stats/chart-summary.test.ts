import { describe, expect, it } from 'vitest';
import { chartDayName, seriesSummary } from '@/lib/stats/chart-summary.ts';

const DAY = 86_400;
const NOV_14 = 1_699_920_000;
const TODAY = { from: 2, text: 'today so far' };

describe('seriesSummary', () => {
  const ts = {
    x: [NOV_14, NOV_14 + DAY, NOV_14 + 2 * DAY],
    series: [
      { key: 'users', label: 'Users', values: [1830, 1204, 1988] },
      { key: 'transactions', label: 'Transactions', values: [5122, 5300, null] },
    ],
  };
  it('says the span of days and each series\' lowest, highest and latest value', () => {
    expect(seriesSummary(ts, null, 'en-US')).toBe(
      '3 days, Nov 14 to Nov 16. Users: lowest 1,204, highest 1,988, latest 1,988 on Nov 16; ' +
        'Transactions: lowest 5,122, highest 5,300, latest 5,300 on Nov 15.',
    );
  });
  it('says a day not over apart: never the lowest, highest or latest of the complete days', () => {
    const partial = { ...ts, series: [{ key: 'users', label: 'Users', values: [1830, 1904, 96] }, ts.series[1]!] };
    expect(seriesSummary(partial, TODAY, 'en-US')).toBe(
      '3 days, Nov 14 to Nov 16. Users: lowest 1,830, highest 1,904, latest 1,904 on Nov 15 (complete days), Nov 16, today so far: 96; ' +
        // No value yet for the partial day: nothing to say of it.
        'Transactions: lowest 5,122, highest 5,300, latest 5,300 on Nov 15.',
    );
  });
  it('says a series with only a partial day as that', () => {
    const one = { x: [NOV_14], series: [{ key: 'users', label: 'Users', values: [96] }] };
    expect(seriesSummary(one, { from: 0, text: 'today so far' }, 'en-US')).toBe('1 day, Nov 14. Users: Nov 14, today so far: 96.');
  });
  it('says when a series has no values, and when there are no days', () => {
    expect(seriesSummary({ x: [NOV_14], series: [{ key: 'a', label: 'Claimed', values: [null] }] }, null, 'en-US')).toBe('1 day, Nov 14. Claimed: no values.');
    expect(seriesSummary({ x: [], series: [] }, null, 'en-US')).toBe('No data.');
  });
});

describe('chartDayName', () => {
  it('names a day, and a day not over with how it is said', () => {
    expect(chartDayName({ x: [NOV_14, NOV_14 + DAY], series: [] }, 0, { from: 1, text: 'today so far' }, 'en-US')).toBe('Nov 14');
    expect(chartDayName({ x: [NOV_14, NOV_14 + DAY], series: [] }, 1, { from: 1, text: 'today so far' }, 'en-US')).toBe('Nov 15, today so far');
    expect(chartDayName({ x: [NOV_14, NOV_14 + DAY], series: [] }, 1, null, 'en-US')).toBe('Nov 15');
  });
});
