/**
 * What the stats blocks show, computed from normalized views: headline
 * numbers, the latest day of a series, heat for the cohort table, flow
 * columns, and every table or series as rows for CSV export. Pure.
 */
import type { DataOperationId } from '../api/catalog.ts';
import type { CsvTable } from '../csv/csv.ts';
import { isoDate } from '../normalize/coerce.ts';
import type { RetentionView, TimeSeries, TrafficShareView, ViewOf } from '../normalize/normalize.ts';

// ---- series ----

export interface LatestPoint {
  /** Unix seconds of the latest x with any value. */
  readonly time: number;
  /** Each series' value at that time, by series key. */
  readonly values: Readonly<Record<string, number | null>>;
}

/** The last point of a series that carries any value, or null for an empty series. */
export function latestPoint(ts: TimeSeries): LatestPoint | null {
  for (let i = ts.x.length - 1; i >= 0; i--) {
    if (ts.series.some((s) => s.values[i] !== null && s.values[i] !== undefined)) {
      return { time: ts.x[i]!, values: Object.fromEntries(ts.series.map((s) => [s.key, s.values[i] ?? null])) };
    }
  }
  return null;
}

/** A series as a table: one row per day, one column per series. */
export function seriesTable(ts: TimeSeries, name: string): NamedTable {
  return {
    name,
    columns: ['Date', ...ts.series.map((s) => s.label)],
    rows: ts.x.map((t, i) => [isoDate(t), ...ts.series.map((s) => s.values[i] ?? null)]),
  };
}

// ---- retention ----

export interface HeatCell {
  readonly count: number | null;
  readonly rate: number | null;
  /** 0..1: the rate relative to the table's highest rate, for shading. */
  readonly heat: number;
}

export interface HeatRow {
  readonly cohort: string;
  readonly total: number | null;
  readonly cells: readonly HeatCell[];
}

export function retentionHeat(view: RetentionView): { periods: readonly number[]; rows: readonly HeatRow[] } {
  const max = Math.max(0, ...view.rows.flatMap((r) => r.rates.filter((x): x is number => x !== null)));
  return {
    periods: view.periods,
    rows: view.rows.map((r) => ({
      cohort: r.cohort,
      total: r.total,
      cells: r.counts.map((count, i) => {
        const rate = r.rates[i] ?? null;
        return { count, rate, heat: rate === null || max <= 0 ? 0 : Math.min(1, rate / max) };
      }),
    })),
  };
}

// ---- traffic share ----

export interface FlowColumn {
  readonly name: string;
  /** Nodes by users, largest first. */
  readonly nodes: readonly { readonly title: string; readonly users: number | null; readonly ratio: number | null }[];
  /** Flows out of this layer into the next, largest first. */
  readonly out: readonly { readonly from: string; readonly to: string; readonly users: number }[];
}

export function flowColumns(view: TrafficShareView): FlowColumn[] {
  const title = new Map(view.layers.flatMap((l) => l.nodes.map((n) => [n.id, n.title] as const)));
  return view.layers.map((layer, i) => ({
    name: layer.name,
    nodes: [...layer.nodes].sort((a, b) => (b.users ?? -1) - (a.users ?? -1)).map(({ title: t, users, ratio }) => ({ title: t, users, ratio })),
    out: view.links
      .filter((l) => l.layer === i)
      .sort((a, b) => b.users - a.users)
      .map((l) => ({ from: title.get(l.source) ?? l.source, to: title.get(l.target) ?? l.target, users: l.users })),
  }));
}

// ---- CSV tables of every block ----

export interface NamedTable extends CsvTable {
  /** Names the file: "holder-change", "traffic-share-flows". */
  readonly name: string;
}

type Tables = { [Id in DataOperationId]: (view: ViewOf<Id>) => NamedTable[] };

const distribution = (name: string, what: string) => (v: ViewOf<'distributionByDapps'>): NamedTable[] => [{
  name,
  columns: ['Id', what, 'Category', 'Users', 'Transactions', 'Share of users'],
  rows: v.items.map((i) => [i.id, i.name, i.category, i.users, i.transactions, i.share]),
}];

const overlap = (name: string) => (v: ViewOf<'useCompetitors'>): NamedTable[] => [{
  name,
  columns: ['Id', 'Project', 'Type', 'Project type', 'Shared users', 'Market share', 'TVL'],
  rows: v.items.map((i) => [i.id, i.name, i.type, i.projectType, i.users, i.marketShare, i.tvl]),
}];

export const tablesOf: Tables = {
  holderChange: (v) => [
    { name: 'holders-now', columns: ['Total holders', 'Active holders', 'New holders'], rows: [[v.now.total, v.now.active, v.now.new]] },
    seriesTable(v.series, 'holder-change'),
  ],
  dailyClaimedRewards: (v) => [seriesTable(v.series, 'claimed-rewards')],
  eventTransferDistribution: (v) => [
    {
      name: 'event-transfer-contracts',
      columns: ['Contract', 'Name', 'Tokens moved', 'Share', 'Days listed'],
      rows: v.ranking.map((c) => [c.id, c.name, c.value, c.share, c.days]),
    },
    seriesTable(v.series, 'event-transfer-daily'),
  ],
  prominentBalance: (v) => [{
    name: 'prominent-holders',
    columns: ['Address', 'Name', 'Type', 'Project type', 'Balance', 'Share'],
    rows: v.items.map((h) => [h.id, h.name, h.type, h.projectType, h.value, h.share]),
  }],
  tokenBalanceDistribution: (v) => [{
    name: 'balance-distribution',
    columns: ['Class', 'Holders', 'Share'],
    rows: v.parts.map((p) => [p.label, p.value, p.share]),
  }],
  dailyUsers: (v) => [seriesTable(v.series, 'daily-users')],
  dailyActions: (v) => [
    {
      name: 'daily-actions',
      columns: ['Date', 'Rank', 'Action id', 'Action', 'Type', 'Users', 'Transactions'],
      rows: v.days.flatMap((d) => d.actions.map((a, i) => [isoDate(d.time), i + 1, a.id, a.name, a.actionType, a.users, a.transactions])),
    },
  ],
  distributionByDapps: distribution('distribution-by-dapps', 'DApp'),
  distributionByContracts: distribution('distribution-by-contracts', 'Contract'),
  distributionByActions: distribution('distribution-by-actions', 'Action'),
  useCompetitors: overlap('use-competitors'),
  usePartners: overlap('use-partners'),
  retention: (v) => [{
    name: 'retention',
    columns: ['Cohort', 'Users', ...v.periods.map((p) => `Period ${p}`), ...v.periods.map((p) => `Period ${p} rate`)],
    rows: v.rows.map((r) => [r.cohort, r.total, ...r.counts, ...r.rates]),
  }],
  userInbounce: (v) => [{
    name: 'new-vs-returning',
    columns: ['Audience', 'New', 'Returning', 'New share'],
    rows: [
      ['Wallets', v.wallet.parts[0]?.value, v.wallet.parts[1]?.value, v.wallet.parts[0]?.share],
      ['Visitors', v.visitor.parts[0]?.value, v.visitor.parts[1]?.value, v.visitor.parts[0]?.share],
    ],
  }],
  distributionByCountries: (v) => [{
    name: 'countries',
    columns: ['Country', 'Visitors', 'Share of visitors', 'Wallets', 'Share of wallets'],
    rows: v.items.map((c) => [c.name, c.visitors, c.share, c.wallets, c.walletShare]),
  }],
  trafficShare: (v) => {
    const cols = flowColumns(v);
    return [
      {
        name: 'traffic-share-members',
        columns: ['Layer', 'Member', 'Users', 'Share of layer'],
        rows: cols.flatMap((c) => c.nodes.map((n) => [c.name, n.title, n.users, n.ratio])),
      },
      {
        name: 'traffic-share-flows',
        columns: ['From layer', 'From', 'To', 'Users'],
        rows: cols.flatMap((c) => c.out.map((l) => [c.name, l.from, l.to, l.users])),
      },
    ];
  },
};

export function tablesFor<Id extends DataOperationId>(op: Id, view: ViewOf<Id>): NamedTable[] {
  return (tablesOf[op] as (v: ViewOf<Id>) => NamedTable[])(view);
}
