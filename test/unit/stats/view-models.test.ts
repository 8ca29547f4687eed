import { describe, expect, it } from 'vitest';
import { normalize } from '@/lib/stats/operation-views.ts';
import { tablesFor } from '@/lib/stats/operation-tables.ts';
import { seriesTable } from '@/lib/stats/tables.ts';
import { flowColumns, retentionHeat } from '@/lib/stats/view-models.ts';
import { latestPoint } from '@/lib/stats/partial-day.ts';
import { ref } from '@/test/unit/normalize/fixtures.ts';

describe('latestPoint', () => {
  it('is the last day of the series with any value', () => {
    const v = normalize('dailyUsers', {
      dailyUsers: [
        { timestamp: 1700006400, numberOfUsers: 1830, numberOfTransactions: 5122 },
        { timestamp: 1700092800, numberOfUsers: 1901, numberOfTransactions: '5300' },
        { timestamp: 1700179200 },
      ],
    });
    expect(latestPoint(v.series)).toEqual({ time: 1700092800, values: { users: 1901, transactions: 5300 }, partial: false });
  });
  it('is null for an empty series', () => {
    expect(latestPoint(normalize('dailyUsers', {}).series)).toBeNull();
  });
  it('keeps a missing value of the latest day as null', () => {
    const v = normalize('holderChange', { logs: { 1700006400: { active: 5 } } });
    expect(latestPoint(v.series)?.values).toEqual({ active: 5, new: null });
  });
});

describe('retentionHeat', () => {
  it('shades each cell by its rate relative to the best cell', () => {
    const h = retentionHeat(normalize('retention', ref.retention));
    expect(h.periods).toEqual([1, 2, 3]);
    const [first, second] = h.rows;
    expect(first!.cohort).toBe('2023-11-01');
    // best rate: 120/310
    expect(first!.cells[0]).toEqual({ count: 120, rate: 120 / 310, heat: 1, partial: false });
    expect(first!.cells[2]!.heat).toBeCloseTo(61 / 120);
    // a period the cohort has not reached is empty and unshaded
    expect(second!.cells[2]).toEqual({ count: null, rate: null, heat: 0, partial: false });
    expect(h.partial).toBe(false);
  });
  it('marks the days not over when the answer was fetched: the last cohort and the cells on the last day', () => {
    const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}`;
    const view = normalize('retention', {
      [day(24)]: { total: 10, retention: { 1: 9, 2: 1 } },
      [day(25)]: { total: 20, retention: { 1: 2 } },
      [day(26)]: { total: 5, retention: {} },
    });
    // Fetched at 15:00 UTC on Nov 26: Nov 26 is not over.
    const h = retentionHeat(view, Date.UTC(2026, 10, 26, 15));
    expect(h.partial).toBe(true);
    expect(h.rows.map((r) => r.partial)).toEqual([false, false, true]);
    // Nov 24: D1 (Nov 25) is over, D2 (Nov 26) is not. Nov 25: D1 (Nov 26) is not.
    expect(h.rows[0]!.cells.map((c) => c.partial)).toEqual([false, true]);
    expect(h.rows[1]!.cells.map((c) => c.partial)).toEqual([true, true]);
    // The shading's top is the best rate of a day that was over (9/10), not a partial one.
    expect(h.rows[0]!.cells[0]!.heat).toBe(1);
    expect(h.rows[1]!.cells[0]!.heat).toBeCloseTo(0.1 / 0.9);
    // Fetched once Nov 26 was over: nothing is partial.
    expect(retentionHeat(view, Date.UTC(2026, 10, 27, 0, 1)).partial).toBe(false);
  });
});

describe('flowColumns', () => {
  it('gives four columns, members by users, and each layer\'s flows into the next by size', () => {
    const cols = flowColumns(normalize('trafficShare', {
      layers: [
        [{ title: 'a.com', users: 10, ratio: 0.2 }, { title: 'b.com', users: 40, ratio: 0.8 }],
        [{ title: 'site', users: 50, ratio: 1 }],
      ],
      flows: [[{ startAction: 'a.com', endAction: 'site', users: 10 }, { startAction: 'b.com', endAction: 'site', users: 40 }]],
    }));
    expect(cols.map((c) => c.name)).toEqual(['User Source', 'Apps Websites', 'Connect Wallets', 'DApps']);
    expect(cols[0]!.nodes.map((n) => n.title)).toEqual(['b.com', 'a.com']);
    expect(cols[0]!.out).toEqual([{ from: 'b.com', to: 'site', users: 40 }, { from: 'a.com', to: 'site', users: 10 }]);
    expect(cols[3]!.nodes).toEqual([]);
  });
});

describe('CSV tables', () => {
  it('a series becomes one row per day with ISO dates', () => {
    expect(seriesTable(normalize('holderChange', ref.holderChange).series, 'x')).toEqual({
      name: 'x',
      columns: ['Date', 'Active holders', 'New holders'],
      rows: [['2023-11-15', 1790, 12], ['2023-11-16', 1811, 9]],
    });
  });

  it('every data operation yields named tables for its view', () => {
    for (const [op, body] of Object.entries(ref)) {
      const tables = tablesFor(op as never, normalize(op as never, body));
      expect(tables.length, op).toBeGreaterThan(0);
      for (const t of tables) {
        expect(t.name).toMatch(/^[a-z-]+$/);
        for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
      }
    }
  });

  it('holders: the headline numbers and the daily series', () => {
    const [now] = tablesFor('holderChange', normalize('holderChange', ref.holderChange));
    expect(now).toEqual({ name: 'holders-now', columns: ['Total holders', 'Active holders', 'New holders'], rows: [[48213, 1830, 214]] });
  });

  it('balance distribution: each class with its share', () => {
    const [t] = tablesFor('tokenBalanceDistribution', normalize('tokenBalanceDistribution', ref.tokenBalanceDistribution));
    const total = 12 + 40110 + 8091;
    expect(t!.rows).toEqual([['Whales', 12, 12 / total], ['Normal wallets', 40110, 40110 / total], ['Forgotten wallets', 8091, 8091 / total]]);
  });

  it('competitors: shared users joined with market share', () => {
    const [t] = tablesFor('useCompetitors', normalize('useCompetitors', ref.useCompetitors));
    expect(t!.rows).toEqual([['rival', 'Rival', 'project', 'dex', 812, 0.31, 91000000]]);
  });

  it('retention: counts, then rates', () => {
    const [t] = tablesFor('retention', normalize('retention', ref.retention));
    expect(t!.columns).toEqual(['Cohort', 'Users', 'Period 1', 'Period 2', 'Period 3', 'Period 1 rate', 'Period 2 rate', 'Period 3 rate']);
    expect(t!.rows[1]).toEqual(['2023-11-08', 275, 101, 70, null, 101 / 275, 70 / 275, null]);
  });

  it('traffic share: members and flows', () => {
    const tables = tablesFor('trafficShare', normalize('trafficShare', ref.trafficShare));
    expect(tables.map((t) => t.name)).toEqual(['traffic-share-members', 'traffic-share-flows']);
    expect(tables[1]!.rows).toEqual([['User Source', 'twitter.com', 'app.example.org', 800]]);
  });
});
