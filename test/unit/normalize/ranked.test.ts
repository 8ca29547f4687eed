import { describe, expect, it } from 'vitest';
import { operationViews } from '@/lib/stats/operation-views.ts';
import { identify, rank } from '@/lib/normalize/ranked.ts';
import { derived, ref } from './fixtures.ts';

describe('rank', () => {
  it('sorts by value (nulls last, ties by name then id) and shares the sum when no total is given', () => {
    const items = [
      { id: 'b', name: 'B', value: 5 },
      { id: 'n', name: 'N', value: null },
      { id: 'a2', name: 'A', value: 5 },
      { id: 'a1', name: 'A', value: 5 },
      { id: 'c', name: 'C', value: 10 },
    ];
    expect(rank(items)).toEqual([
      { id: 'c', name: 'C', value: 10, share: 10 / 25 },
      { id: 'a1', name: 'A', value: 5, share: 5 / 25 },
      { id: 'a2', name: 'A', value: 5, share: 5 / 25 },
      { id: 'b', name: 'B', value: 5, share: 5 / 25 },
      { id: 'n', name: 'N', value: null, share: null },
    ]);
  });

  it('shares a positive total, keeps the first item of an id, and has no shares of a zero whole', () => {
    expect(rank([{ id: 'a', name: 'A', value: 2 }, { id: 'a', name: 'A again', value: 50 }], 8)).toEqual([
      { id: 'a', name: 'A', value: 2, share: 0.25 },
    ]);
    expect(rank([{ id: 'a', name: 'A', value: 0 }], 0)).toEqual([{ id: 'a', name: 'A', value: 0, share: null }]);
  });

  it('identifies records by id, else name', () => {
    expect(identify({ id: 'x', name: 'X' })).toEqual({ id: 'x', name: 'X' });
    expect(identify({ id: 7 })).toEqual({ id: '7', name: '7' });
    expect(identify({ name: ' Only name ' })).toEqual({ id: 'Only name', name: 'Only name' });
    expect(identify({ name: 'Named' }, '0xkey')).toEqual({ id: '0xkey', name: 'Named' });
    expect(identify({ id: '', name: null })).toBeNull();
  });
});

describe('prominentBalance', () => {
  const whole = 1250000.5 + 830000;

  it('reads the real shape', () => {
    expect(operationViews.prominentBalance.normalize(ref.prominentBalance)).toEqual({
      items: [
        { id: '0xabc…', name: 'Whale 1', value: 1250000.5, type: 'wallet', projectType: null, share: 1250000.5 / whole },
        { id: '0xdef…', name: 'Pool', value: 830000, type: 'contract', projectType: 'dex', share: 830000 / whole },
      ],
    });
  });

  it('damaged: strings, missing ids and names, missing or NaN-ish values, junk entries, extra fields', () => {
    const body = {
      '0xdef…': { id: '0xdef…', value: 830000 },
      '0xabc…': { type: 'wallet', name: 'Whale 1', value: '1250000.5', extra: [1] },
      '0x123…': { id: '0x123…', name: 'No balance' },
      '0x456…': 'junk',
      '0x789…': { name: 'Bad', value: 'lots' },
    };
    expect(operationViews.prominentBalance.normalize(body)).toEqual({
      items: [
        { id: '0xabc…', name: 'Whale 1', value: 1250000.5, type: 'wallet', projectType: null, share: 1250000.5 / whole },
        { id: '0xdef…', name: '0xdef…', value: 830000, type: null, projectType: null, share: 830000 / whole },
      ],
    });
  });

  it('damaged: a list instead of a keyed object, with duplicates and ties', () => {
    const body = [
      { id: 'b', name: 'B', value: 5 },
      { id: 'a', name: 'A', value: '5' },
      { id: 'b', name: 'B again', value: 100 },
      { name: 'no id', value: 1 },
      null,
    ];
    expect(operationViews.prominentBalance.normalize(body)).toEqual({
      items: [
        { id: 'a', name: 'A', value: 5, type: null, projectType: null, share: 5 / 11 },
        { id: 'b', name: 'B', value: 5, type: null, projectType: null, share: 5 / 11 },
        { id: 'no id', name: 'no id', value: 1, type: null, projectType: null, share: 1 / 11 },
      ],
    });
  });

  it('damaged: a "__proto__" key is plain data', () => {
    const body = JSON.parse('{"__proto__": {"name": "Sneaky", "value": 5}}') as unknown;
    expect(operationViews.prominentBalance.normalize(body)).toEqual({
      items: [{ id: '__proto__', name: 'Sneaky', value: 5, type: null, projectType: null, share: 1 }],
    });
    expect(({} as Record<string, unknown>).value).toBeUndefined();
  });

  it('damaged: empty and wrongly typed bodies', () => {
    for (const body of [{}, [], null, 'No data', 42]) expect(operationViews.prominentBalance.normalize(body)).toEqual({ items: [] });
  });
});

describe('distributionByDapps / Contracts / Actions', () => {
  const emptyView = { startTime: null, endTime: null, totalUsers: null, totalTransactions: null, items: [] };

  it('reads the real shape (dapps)', () => {
    expect(operationViews.distributionByDapps.normalize(ref.distributionByDapps)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      totalUsers: 9120,
      totalTransactions: 40111,
      items: [
        {
          id: 'lending',
          name: 'Lending',
          value: 5120,
          users: 5120,
          transactions: 22000,
          category: 'lending',
          share: 5120 / 9120,
        },
      ],
    });
  });

  it('reads the real shape (contracts)', () => {
    const body = derived.distributionByContracts;
    expect(operationViews.distributionByContracts.normalize(body)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      totalUsers: 9120,
      totalTransactions: 40111,
      items: [
        { id: '0x7a25…488d', name: 'Router', value: 4000, users: 4000, transactions: 12000, category: 'dex', share: 4000 / 9120 },
      ],
    });
    // The list under another operation's key is not this operation's data.
    expect(operationViews.distributionByDapps.normalize(body)).toEqual({ ...operationViews.distributionByContracts.normalize(body), items: [] });
  });

  it('reads the real shape (actions)', () => {
    const body = derived.distributionByActions;
    expect(operationViews.distributionByActions.normalize(body)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      totalUsers: 9120,
      totalTransactions: 40111,
      items: [
        {
          id: '0x38ed1739',
          name: 'swapExactTokensForTokens',
          value: 420,
          users: 420,
          transactions: 911,
          category: 'swap',
          share: 420 / 9120,
        },
      ],
    });
  });

  it('damaged: strings, missing names and counts, nameless items, nulls, extra fields', () => {
    const body = {
      startTime: '1697414400',
      endTime: 1700006400,
      numberOfUsers: '9120',
      numberOfTransactions: null,
      extra: 1,
      dapps: [
        { id: 'dex', numberOfUsers: '3000', numberOfTransactions: '9000', projectType: 'dex' },
        { id: 'lending', name: 'Lending', numberOfUsers: 5120, numberOfTransactions: 22000, entity: { projectType: 'lending' } },
        { id: 'txonly', name: 'Tx only', numberOfTransactions: 50, entity: 'junk' },
        { id: 'nothing', name: 'Nothing' },
        { numberOfUsers: 5 },
        null,
      ],
    };
    expect(operationViews.distributionByDapps.normalize(body)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      totalUsers: 9120,
      totalTransactions: null,
      items: [
        { id: 'lending', name: 'Lending', value: 5120, users: 5120, transactions: 22000, category: 'lending', share: 5120 / 9120 },
        { id: 'dex', name: 'dex', value: 3000, users: 3000, transactions: 9000, category: 'dex', share: 3000 / 9120 },
        { id: 'txonly', name: 'Tx only', value: null, users: null, transactions: 50, category: null, share: null },
      ],
    });
  });

  it('damaged: a zero or missing total shares the sum of the items instead', () => {
    const items = [
      { id: '0x1', numberOfUsers: 2 },
      { id: '0x2', numberOfUsers: 6 },
    ];
    const expected = [
      { id: '0x2', name: '0x2', value: 6, users: 6, transactions: null, category: null, share: 0.75 },
      { id: '0x1', name: '0x1', value: 2, users: 2, transactions: null, category: null, share: 0.25 },
    ];
    expect(operationViews.distributionByContracts.normalize({ numberOfUsers: 0, contracts: items }).items).toEqual(expected);
    expect(operationViews.distributionByContracts.normalize({ contracts: items }).items).toEqual(expected);
  });

  it('damaged: empty, missing and wrongly typed lists', () => {
    for (const body of [{ dapps: [] }, { dapps: {} }, { dapps: 'none' }, {}, null, []]) {
      expect(operationViews.distributionByDapps.normalize(body)).toEqual(emptyView);
    }
    expect(operationViews.distributionByActions.normalize({ numberOfUsers: 10, actions: [] })).toEqual({ ...emptyView, totalUsers: 10 });
  });
});

describe('useCompetitors / usePartners', () => {
  it('reads the real shape (competitors)', () => {
    expect(operationViews.useCompetitors.normalize(ref.useCompetitors)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      items: [
        {
          id: 'rival',
          name: 'Rival',
          value: 812,
          users: 812,
          marketShare: 0.31,
          tvl: 91000000,
          projectType: 'dex',
          type: 'project',
          share: 1,
        },
      ],
    });
  });

  it('reads the real shape (partners: users only)', () => {
    const body = derived.usePartners;
    const item = (id: string, name: string, users: number, share: number) => ({
      id,
      name,
      value: users,
      users,
      marketShare: null,
      tvl: null,
      projectType: id,
      type: 'project',
      share,
    });
    expect(operationViews.usePartners.normalize(body)).toEqual({
      startTime: 1697414400,
      endTime: 1700006400,
      items: [item('wallet', 'Wallet', 900, 0.75), item('bridge', 'Bridge', 300, 0.25)],
    });
  });

  it('damaged: strings, market data for projects without users, unjoinable and empty entries', () => {
    const body = {
      users: [
        { id: 'rival', numberOfUsers: '812', entity: { type: 'project', projectType: 'dex' } },
        { id: 'other', name: 'Other', numberOfUsers: 1000, extra: 'x' },
        { id: 'ghost', name: 'Ghost' },
        'junk',
      ],
      marketShare: [
        { id: 'rival', name: 'Rival', tvl: '91000000', marketShare: '0.31' },
        { id: 'big', name: 'Big', tvl: 5e8, marketShare: 0.5, projectType: 'dex', type: 'project' },
        { name: 'no numbers', marketShare: 'x' },
        { id: 'rival', name: 'Rival again', tvl: 1 },
      ],
    };
    expect(operationViews.useCompetitors.normalize(body)).toEqual({
      startTime: null,
      endTime: null,
      items: [
        { id: 'other', name: 'Other', value: 1000, users: 1000, marketShare: null, tvl: null, projectType: null, type: null, share: 1000 / 1812 },
        { id: 'rival', name: 'Rival', value: 812, users: 812, marketShare: 0.31, tvl: 91000000, projectType: 'dex', type: 'project', share: 812 / 1812 },
        { id: 'big', name: 'Big', value: null, users: null, marketShare: 0.5, tvl: 5e8, projectType: 'dex', type: 'project', share: null },
      ],
    });
  });

  it('damaged: empty, missing and wrongly typed lists', () => {
    for (const body of [{ users: [], marketShare: [] }, { users: null, marketShare: {} }, {}, null, 'No data']) {
      expect(operationViews.usePartners.normalize(body)).toEqual({ startTime: null, endTime: null, items: [] });
      expect(operationViews.useCompetitors.normalize(body)).toEqual({ startTime: null, endTime: null, items: [] });
    }
  });
});

describe('distributionByCountries', () => {
  it('reads the real shape', () => {
    expect(operationViews.distributionByCountries.normalize(ref.distributionByCountries)).toEqual({
      totalVisitors: 7331,
      totalWallets: 2113,
      items: [
        {
          id: 'Vietnam',
          name: 'Vietnam',
          value: 2010,
          visitors: 2010,
          wallets: 611,
          share: 2010 / 7331,
          walletShare: 611 / 2113,
        },
      ],
    });
  });

  it('damaged: strings, no totals, missing data, nameless countries, extra fields', () => {
    const body = {
      visitors: 'n/a',
      topCountry: [
        { name: 'Vietnam', data: { visitor: '2010', wallet: '611' }, code: 'VN' },
        { name: 'Spain', data: { visitor: 3000 } },
        { name: 'Nowhere' },
        { data: { visitor: 5 } },
        { name: 'Peru', data: { wallet: 10 } },
        { name: 'Flat', visitor: 100, wallet: 50 },
      ],
    };
    expect(operationViews.distributionByCountries.normalize(body)).toEqual({
      totalVisitors: null,
      totalWallets: null,
      items: [
        { id: 'Spain', name: 'Spain', value: 3000, visitors: 3000, wallets: null, share: 3000 / 5010, walletShare: null },
        { id: 'Vietnam', name: 'Vietnam', value: 2010, visitors: 2010, wallets: 611, share: 2010 / 5010, walletShare: 611 / 621 },
        { id: 'Peru', name: 'Peru', value: null, visitors: null, wallets: 10, share: null, walletShare: 10 / 621 },
      ],
    });
  });

  it('damaged: empty and wrongly typed lists', () => {
    expect(operationViews.distributionByCountries.normalize({ visitors: 0, wallets: '0', topCountry: [] })).toEqual({
      totalVisitors: 0,
      totalWallets: 0,
      items: [],
    });
    for (const body of [{ topCountry: {} }, { topCountry: 'VN' }, null, []]) {
      expect(operationViews.distributionByCountries.normalize(body)).toEqual({ totalVisitors: null, totalWallets: null, items: [] });
    }
  });
});
