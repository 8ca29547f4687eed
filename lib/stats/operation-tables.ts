/**
 * The tables each data operation's CSV export offers (each names its file),
 * from its normalized view (lib/stats/operation-views.ts). Keyed by the
 * catalog's data operation ids, so a new operation does not compile until it
 * has its tables here. Apart from the views, so only the dashboard's CSV
 * buttons (loaded on demand) carry them: not the popup's first paint. Pure.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { isoDate } from '@/lib/normalize/coerce.ts';
import type { ViewOf } from './operation-views.ts';
import { distributionTables, overlapTables, seriesTable, type NamedTable } from './tables.ts';
import { flowColumns } from './view-models.ts';

export type { NamedTable } from './tables.ts';

const operationTables = {
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
  dailyActions: (v) => [{
    name: 'daily-actions',
    columns: ['Date', 'Rank', 'Action id', 'Action', 'Type', 'Users', 'Transactions'],
    rows: v.days.flatMap((d) => d.actions.map((a, i) => [isoDate(d.time), i + 1, a.id, a.name, a.actionType, a.users, a.transactions])),
  }],
  distributionByDapps: distributionTables('distribution-by-dapps', 'DApp'),
  distributionByContracts: distributionTables('distribution-by-contracts', 'Contract'),
  distributionByActions: distributionTables('distribution-by-actions', 'Action'),
  useCompetitors: overlapTables('use-competitors'),
  usePartners: overlapTables('use-partners'),
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
  distributionByCountries: (v) => [
    {
      name: 'countries',
      columns: ['Country', 'Visitors', 'Share of visitors', 'Wallets', 'Share of wallets'],
      rows: v.items.map((c) => [c.name, c.visitors, c.share, c.wallets, c.walletShare]),
    },
    { name: 'countries-totals', columns: ['Visitors', 'Wallets'], rows: [[v.totalVisitors, v.totalWallets]] },
  ],
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
} satisfies { readonly [Id in DataOperationId]: (view: ViewOf<Id>) => NamedTable[] };

/** The tables a block's CSV buttons offer for this operation's view. */
export function tablesFor<Id extends DataOperationId>(id: Id, view: ViewOf<Id>): NamedTable[] {
  return (operationTables[id] as (view: ViewOf<Id>) => NamedTable[])(view);
}
