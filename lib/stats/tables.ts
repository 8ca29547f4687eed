/**
 * Every table and series a stats block shows, as rows for CSV export: one
 * or more named tables per data operation. Pure.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import type { CsvTable } from '@/lib/csv/csv.ts';
import { isoDate } from '@/lib/normalize/coerce.ts';
import type { TimeSeries, ViewOf } from '@/lib/normalize/normalize.ts';
import { flowColumns } from './view-models.ts';

export interface NamedTable extends CsvTable {
  /** Names the file: "holder-change", "traffic-share-flows". */
  readonly name: string;
}

/** A series as a table: one row per day, one column per series. */
export function seriesTable(ts: TimeSeries, name: string): NamedTable {
  return {
    name,
    columns: ['Date', ...ts.series.map((s) => s.label)],
    rows: ts.x.map((t, i) => [isoDate(t), ...ts.series.map((s) => s.values[i] ?? null)]),
  };
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

const tablesOf: Tables = {
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
