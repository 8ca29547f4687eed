import { describe, expect, it } from 'vitest';
import { operationViews } from '@/lib/stats/operation-views.ts';
import { normalizeDailyActions, normalizeEventTransfer } from '@/lib/normalize/per-day.ts';
import { ref } from './fixtures.ts';

const T1 = 1700006400;
const T2 = 1700092800;
const T3 = 1700179200;

describe('eventTransferDistribution', () => {
  const empty = { ranking: [], series: { x: [], series: [] } };

  it('reads the real shape', () => {
    const whole = 120345.2 + 5021.0;
    expect(operationViews.eventTransferDistribution.normalize(ref.eventTransferDistribution)).toEqual({
      ranking: [
        { id: '0x1f98…f984', name: 'Uniswap V3: Router', value: 120345.2, days: 1, share: 120345.2 / whole },
        { id: '0x7a25…488d', name: 'Staking', value: 5021, days: 1, share: 5021 / whole },
      ],
      series: {
        x: [T1],
        series: [
          { key: '0x1f98…f984', label: 'Uniswap V3: Router', values: [120345.2] },
          { key: '0x7a25…488d', label: 'Staking', values: [5021] },
        ],
      },
    });
  });

  // Keys in ms are not array indices, so the object keeps them in the (unsorted) order written.
  const damaged = {
    [`${T2}000`]: { '0xaaa': { name: 'Router', value: '100' }, '0xbbb': 7 },
    [T1]: { '0xaaa': { name: 'Router', value: 50, extra: true }, '0xccc': { name: 'Junk', value: 'much' }, '0xeee': null },
    summary: { '0xaaa': { value: 1e9 } },
    [T3]: {},
    [`${T1}000`]: { '0xaaa': { value: 1 }, '0xddd': { name: 'Late', value: 2 } },
  };

  it('damaged: unsorted ms keys, a day sent twice, strings, bare numbers, missing names, junk, non-day keys', () => {
    expect(operationViews.eventTransferDistribution.normalize(damaged)).toEqual({
      ranking: [
        { id: '0xaaa', name: 'Router', value: 150, days: 2, share: 150 / 159 },
        { id: '0xbbb', name: '0xbbb', value: 7, days: 1, share: 7 / 159 },
        { id: '0xddd', name: 'Late', value: 2, days: 1, share: 2 / 159 },
      ],
      series: {
        x: [T1, T2],
        series: [
          { key: '0xaaa', label: 'Router', values: [50, 100] },
          { key: '0xbbb', label: '0xbbb', values: [null, 7] },
          { key: '0xddd', label: 'Late', values: [2, null] },
        ],
      },
    });
  });

  it('gives a series to the top contracts only', () => {
    const view = normalizeEventTransfer(damaged, 1);
    expect(view.ranking).toHaveLength(3);
    expect(view.series).toEqual({ x: [T1, T2], series: [{ key: '0xaaa', label: 'Router', values: [50, 100] }] });
  });

  it('damaged: days sent as lists of contracts', () => {
    const body = { [T1]: [{ id: '0xaaa', name: 'R', value: 3 }, { name: 'nameless', value: '1' }, 'x', { id: '0xfff' }] };
    expect(operationViews.eventTransferDistribution.normalize(body)).toEqual({
      ranking: [
        { id: '0xaaa', name: 'R', value: 3, days: 1, share: 0.75 },
        { id: 'nameless', name: 'nameless', value: 1, days: 1, share: 0.25 },
      ],
      series: {
        x: [T1],
        series: [
          { key: '0xaaa', label: 'R', values: [3] },
          { key: 'nameless', label: 'nameless', values: [1] },
        ],
      },
    });
  });

  it('damaged: empty, null and wrongly typed bodies', () => {
    for (const body of [{}, null, [], 'No data', { [T1]: null }, { [T1]: {} }, { [T1]: 'x' }]) {
      expect(operationViews.eventTransferDistribution.normalize(body)).toEqual(empty);
    }
  });
});

describe('dailyActions', () => {
  const swap = {
    id: '0x38ed1739',
    name: 'swapExactTokensForTokens',
    value: 911,
    transactions: 911,
    users: 420,
    actionType: 'swap',
    share: 1,
  };

  it('reads the real shape', () => {
    expect(operationViews.dailyActions.normalize(ref.dailyActions)).toEqual({
      days: [{ time: T1, actions: [swap] }],
      totals: [swap],
      series: { x: [T1], series: [{ key: '0x38ed1739', label: 'swapExactTokensForTokens', values: [911] }] },
    });
  });

  it('damaged: unsorted and repeated days, repeated actions, strings, missing fields, junk, extra fields', () => {
    const body = {
      dailyActions: [
        {
          timestamp: String(T2),
          actions: [
            { id: 'swap', name: 'swap', actionType: 'swap', numberOfUsers: '10', numberOfTransactions: '30' },
            { id: 'stake', numberOfTransactions: 40 },
            { id: 'swap', name: 'dupe', numberOfTransactions: 999 },
            { id: 'nothing' },
            'junk',
          ],
        },
        { timestamp: T1, actions: [{ id: 'swap', name: 'swap', numberOfUsers: 5, numberOfTransactions: 20, extra: 1 }] },
        { timestamp: T1, actions: [{ id: 'swap', numberOfTransactions: 1 }, { id: 'claim', name: 'claim', numberOfUsers: 3 }] },
        { timestamp: 'later', actions: [{ id: 'x', numberOfTransactions: 5 }] },
        { actions: [] },
        null,
      ],
    };
    const item = (id: string, transactions: number | null, users: number | null, actionType: string | null, share: number | null) => ({
      id,
      name: id,
      value: transactions,
      transactions,
      users,
      actionType,
      share,
    });
    expect(operationViews.dailyActions.normalize(body)).toEqual({
      days: [
        { time: T1, actions: [item('swap', 20, 5, null, 1), item('claim', null, 3, null, null)] },
        { time: T2, actions: [item('stake', 40, null, null, 40 / 70), item('swap', 30, 10, 'swap', 30 / 70)] },
      ],
      totals: [item('swap', 50, 15, 'swap', 50 / 90), item('stake', 40, null, null, 40 / 90), item('claim', null, 3, null, null)],
      series: {
        x: [T1, T2],
        series: [
          { key: 'swap', label: 'swap', values: [20, 30] },
          { key: 'stake', label: 'stake', values: [null, 40] },
        ],
      },
    });
    expect(normalizeDailyActions(body, 1).series.series.map((s) => s.key)).toEqual(['swap']);
  });

  it('damaged: empty, missing and wrongly typed lists', () => {
    const empty = { days: [], totals: [], series: { x: [], series: [] } };
    for (const body of [
      { dailyActions: [] },
      { dailyActions: [{ timestamp: T1, actions: [] }] },
      { dailyActions: [{ timestamp: T1, actions: null }] },
      { dailyActions: { [T1]: [{ id: 'swap', numberOfTransactions: 1 }] } },
      {},
      null,
    ]) {
      expect(operationViews.dailyActions.normalize(body)).toEqual(empty);
    }
  });
});
