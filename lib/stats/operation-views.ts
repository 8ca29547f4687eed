/**
 * Everything the UI does with a data operation's answer, in one record per
 * operation of the catalog (lib/api/catalog.ts): how the body becomes a view
 * (`normalize`, never throwing), when that view has nothing to draw
 * (`isEmpty`: the block says "no data") and the tables its CSV export offers
 * (`tables`; each names its file). The record is keyed by the catalog's data
 * operation ids, so a new operation does not compile until it has its entry
 * here. Pure.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { isoDate } from '@/lib/normalize/coerce.ts';
import {
  isEmptyBreakdown,
  isEmptyFlow,
  isEmptySeries,
  normalizeCountries,
  normalizeDailyActions,
  normalizeDailyClaimedRewards,
  normalizeDailyUsers,
  normalizeDistribution,
  normalizeEventTransfer,
  normalizeHolderChange,
  normalizeOverlap,
  normalizeProminentBalance,
  normalizeRetention,
  normalizeTokenBalance,
  normalizeTrafficShare,
  normalizeUserInbounce,
  safe,
} from '@/lib/normalize/normalize.ts';
import { distributionTables, overlapTables, seriesTable, type NamedTable } from './tables.ts';
import { flowColumns } from './view-models.ts';

export type { NamedTable } from './tables.ts';

/** What the UI does with one operation's answer, whose view is a V. */
export interface OperationView<V> {
  normalize(body: unknown): V;
  isEmpty(view: V): boolean;
  tables(view: V): NamedTable[];
}

/**
 * An entry: the view type comes from the normalizer (an arrow needs its
 * parameter typed, `(body: unknown) => …`, for it to), and `normalize` is
 * made safe.
 */
function operationView<V>(spec: {
  normalize: (body: unknown) => V;
  isEmpty: (view: NoInfer<V>) => boolean;
  tables: (view: NoInfer<V>) => NamedTable[];
}): OperationView<V> {
  return { normalize: safe(spec.normalize), isEmpty: spec.isEmpty, tables: spec.tables };
}

const noItems = (v: { readonly items: readonly unknown[] }) => v.items.length === 0;

export const operationViews = {
  holderChange: operationView({
    normalize: normalizeHolderChange,
    isEmpty: (v) => isEmptySeries(v.series) && Object.values(v.now).every((n) => n === null),
    tables: (v) => [
      { name: 'holders-now', columns: ['Total holders', 'Active holders', 'New holders'], rows: [[v.now.total, v.now.active, v.now.new]] },
      seriesTable(v.series, 'holder-change'),
    ],
  }),
  dailyClaimedRewards: operationView({
    normalize: normalizeDailyClaimedRewards,
    isEmpty: (v) => isEmptySeries(v.series),
    tables: (v) => [seriesTable(v.series, 'claimed-rewards')],
  }),
  eventTransferDistribution: operationView({
    normalize: normalizeEventTransfer,
    isEmpty: (v) => v.ranking.length === 0,
    tables: (v) => [
      {
        name: 'event-transfer-contracts',
        columns: ['Contract', 'Name', 'Tokens moved', 'Share', 'Days listed'],
        rows: v.ranking.map((c) => [c.id, c.name, c.value, c.share, c.days]),
      },
      seriesTable(v.series, 'event-transfer-daily'),
    ],
  }),
  prominentBalance: operationView({
    normalize: normalizeProminentBalance,
    isEmpty: noItems,
    tables: (v) => [{
      name: 'prominent-holders',
      columns: ['Address', 'Name', 'Type', 'Project type', 'Balance', 'Share'],
      rows: v.items.map((h) => [h.id, h.name, h.type, h.projectType, h.value, h.share]),
    }],
  }),
  tokenBalanceDistribution: operationView({
    normalize: normalizeTokenBalance,
    isEmpty: isEmptyBreakdown,
    tables: (v) => [{
      name: 'balance-distribution',
      columns: ['Class', 'Holders', 'Share'],
      rows: v.parts.map((p) => [p.label, p.value, p.share]),
    }],
  }),
  dailyUsers: operationView({
    normalize: normalizeDailyUsers,
    isEmpty: (v) => isEmptySeries(v.series),
    tables: (v) => [seriesTable(v.series, 'daily-users')],
  }),
  dailyActions: operationView({
    normalize: normalizeDailyActions,
    isEmpty: (v) => v.days.length === 0,
    tables: (v) => [{
      name: 'daily-actions',
      columns: ['Date', 'Rank', 'Action id', 'Action', 'Type', 'Users', 'Transactions'],
      rows: v.days.flatMap((d) => d.actions.map((a, i) => [isoDate(d.time), i + 1, a.id, a.name, a.actionType, a.users, a.transactions])),
    }],
  }),
  distributionByDapps: operationView({
    normalize: (body: unknown) => normalizeDistribution(body, 'dapps'),
    isEmpty: noItems,
    tables: distributionTables('distribution-by-dapps', 'DApp'),
  }),
  distributionByContracts: operationView({
    normalize: (body: unknown) => normalizeDistribution(body, 'contracts'),
    isEmpty: noItems,
    tables: distributionTables('distribution-by-contracts', 'Contract'),
  }),
  distributionByActions: operationView({
    normalize: (body: unknown) => normalizeDistribution(body, 'actions'),
    isEmpty: noItems,
    tables: distributionTables('distribution-by-actions', 'Action'),
  }),
  useCompetitors: operationView({
    normalize: normalizeOverlap,
    isEmpty: noItems,
    tables: overlapTables('use-competitors'),
  }),
  usePartners: operationView({
    normalize: normalizeOverlap,
    isEmpty: noItems,
    tables: overlapTables('use-partners'),
  }),
  retention: operationView({
    normalize: normalizeRetention,
    isEmpty: (v) => v.rows.length === 0,
    tables: (v) => [{
      name: 'retention',
      columns: ['Cohort', 'Users', ...v.periods.map((p) => `Period ${p}`), ...v.periods.map((p) => `Period ${p} rate`)],
      rows: v.rows.map((r) => [r.cohort, r.total, ...r.counts, ...r.rates]),
    }],
  }),
  userInbounce: operationView({
    normalize: normalizeUserInbounce,
    isEmpty: (v) => isEmptyBreakdown(v.wallet) && isEmptyBreakdown(v.visitor),
    tables: (v) => [{
      name: 'new-vs-returning',
      columns: ['Audience', 'New', 'Returning', 'New share'],
      rows: [
        ['Wallets', v.wallet.parts[0]?.value, v.wallet.parts[1]?.value, v.wallet.parts[0]?.share],
        ['Visitors', v.visitor.parts[0]?.value, v.visitor.parts[1]?.value, v.visitor.parts[0]?.share],
      ],
    }],
  }),
  distributionByCountries: operationView({
    normalize: normalizeCountries,
    // Totals without a list are still figures to show.
    isEmpty: (v) => v.items.length === 0 && v.totalVisitors === null && v.totalWallets === null,
    tables: (v) => [
      {
        name: 'countries',
        columns: ['Country', 'Visitors', 'Share of visitors', 'Wallets', 'Share of wallets'],
        rows: v.items.map((c) => [c.name, c.visitors, c.share, c.wallets, c.walletShare]),
      },
      { name: 'countries-totals', columns: ['Visitors', 'Wallets'], rows: [[v.totalVisitors, v.totalWallets]] },
    ],
  }),
  trafficShare: operationView({
    normalize: normalizeTrafficShare,
    isEmpty: isEmptyFlow,
    tables: (v) => {
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
  }),
} satisfies { readonly [Id in DataOperationId]: OperationView<unknown> };

/** The view a data operation normalizes to. */
export type ViewOf<Id extends DataOperationId> = ReturnType<(typeof operationViews)[Id]['normalize']>;

/** One operation's entry, seen through its own view type. */
const entry = <Id extends DataOperationId>(id: Id) => operationViews[id] as OperationView<ViewOf<Id>>;

export function normalize<Id extends DataOperationId>(id: Id, body: unknown): ViewOf<Id> {
  return entry(id).normalize(body);
}

/** Whether the UI has something to draw for this operation's view, or should say "no data". */
export function hasData<Id extends DataOperationId>(id: Id, view: ViewOf<Id>): boolean {
  return !entry(id).isEmpty(view);
}

/** The tables a block's CSV buttons offer for this operation's view. */
export function tablesFor<Id extends DataOperationId>(id: Id, view: ViewOf<Id>): NamedTable[] {
  return entry(id).tables(view);
}
