import { describe, expect, it } from 'vitest';
import { breakdownBars, describeExtras, flattenExtras, humanizeKey } from '@/lib/score/extras.ts';

describe('humanizeKey', () => {
  it.each([
    ['scoreBreakdown', 'Score breakdown'],
    ['entityId', 'Entity ID'],
    ['chain_id', 'Chain ID'],
    ['dappInteractions', 'DApp interactions'],
    ['holdingsUSD', 'Holdings USD'],
    ['rank', 'Rank'],
    ['1', '1'],
  ])('%s → %s', (key, label) => expect(humanizeKey(key)).toBe(label));
});

describe('flattenExtras', () => {
  it('turns nested objects into labelled rows joined with ›', () => {
    expect(flattenExtras({ meta: { chain: { id: 'eth' }, model: 'v2' }, type: 'activity' })).toEqual([
      { key: 'meta.chain.id', label: 'Meta › Chain › ID', value: 'eth' },
      { key: 'meta.model', label: 'Meta › Model', value: 'v2' },
      { key: 'type', label: 'Type', value: 'activity' },
    ]);
  });

  it('shows every kind of value instead of dropping it', () => {
    const rows = flattenExtras({ flag: true, off: false, none: null, empty: '', big: 1250000.5, list: [1, 'a'], nothing: [], blank: {} });
    expect(Object.fromEntries(rows.map((r) => [r.label, r.value]))).toEqual({
      Flag: 'Yes', Off: 'No', None: '—', Empty: '(empty)', Big: '1,250,000.5', List: '1, a', Nothing: '(none)', Blank: '(none)',
    });
  });

  it('numbers the items of arrays of objects from 1', () => {
    expect(flattenExtras({ tags: [{ name: 'whale' }, { name: 'early' }] }).map((r) => `${r.label}=${r.value}`)).toEqual([
      'Tags › 1 › Name=whale',
      'Tags › 2 › Name=early',
    ]);
  });

  it('stops descending past a depth and shows the rest as JSON', () => {
    const rows = flattenExtras({ a: { b: { c: { d: { e: 1 } } } } });
    expect(rows).toEqual([{ key: 'a.b.c.d', label: 'A › B › C › D', value: '{"e":1}' }]);
  });
});

describe('breakdownBars', () => {
  it('draws parts on the credit scale against 300–850', () => {
    const b = breakdownBars([['assets', 850], ['loan', 575], ['age', 300]]);
    expect(b.domain).toEqual([300, 850]);
    expect(b.bars.map((x) => x.fraction)).toEqual([1, 0.5, 0]);
    expect(b.bars[0]).toMatchObject({ key: 'assets', label: 'Assets', value: 850 });
  });

  it('draws anything else against 0..max', () => {
    const b = breakdownBars([['txs', 40], ['dapps', 10], ['neg', -3]]);
    expect(b.domain).toEqual([0, 40]);
    expect(b.bars.map((x) => x.fraction)).toEqual([1, 0.25, 0]);
  });
});

describe('describeExtras', () => {
  const credit = {
    rank: 81,
    entityId: '0x8d65',
    band: 'Good',
    scoreId: 'credit-v1',
    scoreBreakdown: { assets: 740, transactions: '712', loan: 550, note: 'partial' },
  };

  it('splits breakdown, rank and the other extras; numeric strings count as numbers', () => {
    const v = describeExtras(credit, 'Good');
    expect(v.rank).toBe(81);
    expect(v.breakdown?.bars.map((b) => [b.key, b.value])).toEqual([['assets', 740], ['transactions', 712], ['loan', 550]]);
    // The matching band is not repeated; the breakdown's non-numeric part is kept as a row.
    expect(v.rows.map((r) => [r.label, r.value])).toEqual([
      ['Entity ID', '0x8d65'],
      ['Score ID', 'credit-v1'],
      ['Score breakdown › Note', 'partial'],
    ]);
  });

  it('shows a band the service sent when it disagrees with the scale', () => {
    expect(describeExtras({ band: 'Excellent' }, 'Good').rows).toEqual([{ key: 'band', label: 'Band', value: 'Excellent' }]);
    expect(describeExtras({ band: null }, null).rows).toEqual([]);
  });

  it('keeps a non-numeric rank and a breakdown without numbers as rows', () => {
    const v = describeExtras({ rank: 'top 5%', breakdown: { tier: 'gold' } }, null);
    expect(v.rank).toBeNull();
    expect(v.breakdown).toBeNull();
    expect(v.rows.map((r) => r.label)).toEqual(['Rank', 'Breakdown › Tier']);
  });

  it('shows the extras of a non-credit model as rows', () => {
    const v = describeExtras({ address: '0xabc', chainId: 'all', type: 'activity', streakDays: 12 }, 'Fair');
    expect(v.rows.map((r) => [r.label, r.value])).toEqual([
      ['Address', '0xabc'], ['Chain ID', 'all'], ['Type', 'activity'], ['Streak days', '12'],
    ]);
  });
});

it('cuts a runaway answer with a row saying how much was left out', () => {
  const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
  const rows = flattenExtras(many);
  expect(rows).toHaveLength(60);
  expect(rows.at(-1)).toEqual({ key: '…', label: 'More', value: '41 more values not shown' });
});
