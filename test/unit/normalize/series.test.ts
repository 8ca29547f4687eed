import { describe, expect, it } from 'vitest';
import { operationViews } from '@/lib/stats/operation-views.ts';
import {
  buildSeries,
  itself,
  prop,
  seriesFromKeyed,
  seriesFromRecords,
  toAlignedData,
} from '@/lib/normalize/series.ts';
import { ref } from './fixtures.ts';

const T1 = 1700006400;
const T2 = 1700092800;
const T3 = 1700179200;

describe('buildSeries', () => {
  const fields = [
    { key: 'a', label: 'A', read: prop('a') },
    { key: 'b', label: 'B', read: prop('b') },
  ];

  it('sorts times, drops non-times and entries with no value, aligns missing values as null', () => {
    expect(
      buildSeries(
        [
          [T2, { a: 2 }],
          ['total', { a: 99 }],
          [T1, { a: 1, b: '10' }],
          [T3, { c: 3 }],
          [undefined, { a: 5 }],
        ],
        fields,
      ),
    ).toEqual({
      x: [T1, T2],
      series: [
        { key: 'a', label: 'A', values: [1, 2] },
        { key: 'b', label: 'B', values: [10, null] },
      ],
    });
  });

  it('keeps the first entry of a time sent twice, filling only its gaps from later ones', () => {
    expect(
      buildSeries(
        [
          [T1, { a: 1 }],
          [`${T1}000`, { a: 99, b: 2 }],
          [String(T1), { a: 98, b: 97 }],
        ],
        fields,
      ),
    ).toEqual({
      x: [T1],
      series: [
        { key: 'a', label: 'A', values: [1] },
        { key: 'b', label: 'B', values: [2] },
      ],
    });
  });

  it('keeps every series, empty, when nothing is usable', () => {
    expect(buildSeries([], fields)).toEqual({
      x: [],
      series: [
        { key: 'a', label: 'A', values: [] },
        { key: 'b', label: 'B', values: [] },
      ],
    });
  });

  it('builds from keyed objects and from records, and ignores other shapes', () => {
    const one = [{ key: 'v', label: 'V', read: itself }];
    expect(seriesFromKeyed({ [T1]: 5 }, one)).toEqual({ x: [T1], series: [{ key: 'v', label: 'V', values: [5] }] });
    expect(seriesFromKeyed([5], one)).toEqual({ x: [], series: [{ key: 'v', label: 'V', values: [] }] });
    expect(seriesFromRecords([{ at: T1, a: 1 }], fields, 'at').x).toEqual([T1]);
    expect(seriesFromRecords({ 0: { timestamp: T1, a: 1 } }, fields).x).toEqual([]);
  });

  it('hands uPlot its columnar data', () => {
    const ts = buildSeries([[T1, { a: 1 }], [T2, { b: 2 }]], fields);
    expect(toAlignedData(ts)).toEqual([
      [T1, T2],
      [1, null],
      [null, 2],
    ]);
  });
});

describe('holderChange', () => {
  const empty = {
    now: { active: null, new: null, total: null },
    series: {
      x: [],
      series: [
        { key: 'active', label: 'Active holders', values: [] },
        { key: 'new', label: 'New holders', values: [] },
      ],
    },
  };

  it('reads the real shape', () => {
    expect(operationViews.holderChange.normalize(ref.holderChange)).toEqual({
      now: { active: 1830, new: 214, total: 48213 },
      series: {
        x: [T1, T2],
        series: [
          { key: 'active', label: 'Active holders', values: [1790, 1811] },
          { key: 'new', label: 'New holders', values: [12, 9] },
        ],
      },
    });
  });

  it('damaged: numbers as strings, NaN-ish strings, non-timestamp keys, extra fields', () => {
    const body = {
      now: { active: '1830', new: ' 214 ', total: 'NaN', growth: 0.1 },
      logs: {
        [T2]: { active: '1811', new: 9, churned: 4 },
        total: { active: 5 },
        '': { active: 1 },
        '-5': { active: 3 },
        [T1]: { active: 1790, new: 'n/a' },
      },
      extra: true,
    };
    expect(operationViews.holderChange.normalize(body)).toEqual({
      now: { active: 1830, new: 214, total: null },
      series: {
        x: [T1, T2],
        series: [
          { key: 'active', label: 'Active holders', values: [1790, 1811] },
          { key: 'new', label: 'New holders', values: [null, 9] },
        ],
      },
    });
  });

  it('damaged: unsorted millisecond keys and duplicate timestamps', () => {
    const body = {
      logs: {
        [`${T2}000`]: { active: 1811, new: 9 },
        [`${T1}000`]: { active: 1790 },
        [`${T1}.9`]: { active: 1, new: 12 },
      },
    };
    expect(operationViews.holderChange.normalize(body)).toEqual({
      now: { active: null, new: null, total: null },
      series: {
        x: [T1, T2],
        series: [
          { key: 'active', label: 'Active holders', values: [1790, 1811] },
          { key: 'new', label: 'New holders', values: [12, 9] },
        ],
      },
    });
  });

  it('damaged: missing fields and nulls', () => {
    const body = { now: null, logs: { [T1]: null, [T2]: { active: null, new: null }, [T3]: 'x', 1700265600: { new: 3 } } };
    expect(operationViews.holderChange.normalize(body)).toEqual({
      now: { active: null, new: null, total: null },
      series: {
        x: [1700265600],
        series: [
          { key: 'active', label: 'Active holders', values: [null] },
          { key: 'new', label: 'New holders', values: [3] },
        ],
      },
    });
  });

  it('damaged: wrong types and empty objects', () => {
    for (const body of [null, [], 'x', {}, { now: [1, 2], logs: [{ active: 1 }] }, { now: {}, logs: {} }]) {
      expect(operationViews.holderChange.normalize(body)).toEqual(empty);
    }
  });
});

describe('dailyClaimedRewards', () => {
  const emptySeries = { x: [], series: [{ key: 'claimed', label: 'Claimed rewards', values: [] }] };

  it('reads the real shape', () => {
    expect(operationViews.dailyClaimedRewards.normalize(ref.dailyClaimedRewards)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      series: { x: [T1, T2], series: [{ key: 'claimed', label: 'Claimed rewards', values: [1520.75, 998.5] }] },
    });
  });

  it('damaged: strings, unsorted millisecond keys, non-timestamp keys, nulls and objects as values', () => {
    const body = {
      startTime: '1697414400',
      endTime: 'soon',
      claimed_rewards: {
        [`${T2}000`]: '998.5',
        [`${T1}000`]: 1520.75,
        note: 'x',
        [T3]: null,
        1700265600: { value: 3 },
      },
    };
    expect(operationViews.dailyClaimedRewards.normalize(body)).toEqual({
      startTime: 1697414400,
      endTime: null,
      series: { x: [T1, T2], series: [{ key: 'claimed', label: 'Claimed rewards', values: [1520.75, 998.5] }] },
    });
  });

  it('damaged: empty, missing and wrongly typed rewards', () => {
    for (const body of [{ claimed_rewards: {} }, { claimed_rewards: [1, 2] }, { startTime: null }, null, 'No data']) {
      expect(operationViews.dailyClaimedRewards.normalize(body)).toEqual({ startTime: null, endTime: null, series: emptySeries });
    }
  });
});

describe('dailyUsers', () => {
  const fields = (users: (number | null)[], transactions: (number | null)[]) => [
    { key: 'users', label: 'Users', values: users },
    { key: 'transactions', label: 'Transactions', values: transactions },
  ];

  it('reads the real shape', () => {
    expect(operationViews.dailyUsers.normalize(ref.dailyUsers)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      series: { x: [T1], series: fields([1830], [5122]) },
    });
  });

  it('damaged: unsorted records, strings, duplicates, bad timestamps, extra fields, junk items', () => {
    const body = {
      startTime: 1697414400,
      endTime: '1700006400',
      dailyUsers: [
        { timestamp: String(T2), numberOfUsers: '1811', numberOfTransactions: '5000', extra: true },
        { timestamp: T1, numberOfUsers: 1830, numberOfTransactions: 5122 },
        { timestamp: T1, numberOfUsers: 9999, numberOfTransactions: 1 },
        { timestamp: 'yesterday', numberOfUsers: 5 },
        { numberOfUsers: 5 },
        null,
        7,
      ],
    };
    expect(operationViews.dailyUsers.normalize(body)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      series: { x: [T1, T2], series: fields([1830, 1811], [5122, 5000]) },
    });
  });

  it('damaged: missing fields and NaN-ish strings', () => {
    const body = {
      startTime: null,
      dailyUsers: [
        { timestamp: T1, numberOfUsers: 'NaN', numberOfTransactions: 12 },
        { timestamp: T2 },
        { timestamp: T3, numberOfUsers: null, numberOfTransactions: '' },
      ],
    };
    expect(operationViews.dailyUsers.normalize(body)).toEqual({
      startTime: null,
      endTime: null,
      series: { x: [T1], series: fields([null], [12]) },
    });
  });

  it('damaged: empty or wrongly typed list', () => {
    for (const body of [{ dailyUsers: [] }, { dailyUsers: {} }, { dailyUsers: 'none' }, {}, null]) {
      expect(operationViews.dailyUsers.normalize(body)).toEqual({ startTime: null, endTime: null, series: { x: [], series: fields([], []) } });
    }
  });
});
