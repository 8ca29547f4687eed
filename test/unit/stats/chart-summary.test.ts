import { describe, expect, it } from 'vitest';
import { seriesSummary } from '@/lib/stats/chart-summary.ts';

const DAY = 86_400;
const NOV_14 = 1_699_920_000;

describe('seriesSummary', () => {
  it('says the span of days and each series\' lowest, highest and latest value', () => {
    const ts = {
      x: [NOV_14, NOV_14 + DAY, NOV_14 + 2 * DAY],
      series: [
        { key: 'users', label: 'Users', values: [1830, 1204, 1988] },
        { key: 'transactions', label: 'Transactions', values: [5122, 5300, null] },
      ],
    };
    expect(seriesSummary(ts, 'en-US')).toBe(
      '3 days, Nov 14 to Nov 16. Users: lowest 1,204, highest 1,988, latest 1,988 on Nov 16; ' +
        'Transactions: lowest 5,122, highest 5,300, latest 5,300 on Nov 15.',
    );
  });
  it('says when a series has no values, and when there are no days', () => {
    expect(seriesSummary({ x: [NOV_14], series: [{ key: 'a', label: 'Claimed', values: [null] }] }, 'en-US')).toBe('1 day, Nov 14. Claimed: no values.');
    expect(seriesSummary({ x: [], series: [] }, 'en-US')).toBe('No data.');
  });
});
