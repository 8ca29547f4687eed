/**
 * What the UI does with a data operation's answer, in one record per
 * operation of the catalog (lib/api/catalog.ts): how the body becomes a view
 * (`normalize`, never throwing) and when that view has nothing to draw
 * (`isEmpty`: the block says "no data"); the tables its CSV export offers are
 * lib/stats/operation-tables.ts's. The record is keyed by the catalog's data
 * operation ids, so a new operation does not compile until it has its entry
 * here. Pure.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
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

/** What the UI does with one operation's answer, whose view is a V. */
export interface OperationView<V> {
  normalize(body: unknown): V;
  isEmpty(view: V): boolean;
}

/**
 * An entry: the view type comes from the normalizer (an arrow needs its
 * parameter typed, `(body: unknown) => …`, for it to), and `normalize` is
 * made safe.
 */
function operationView<V>(spec: {
  normalize: (body: unknown) => V;
  isEmpty: (view: NoInfer<V>) => boolean;
}): OperationView<V> {
  return { normalize: safe(spec.normalize), isEmpty: spec.isEmpty };
}

const noItems = (v: { readonly items: readonly unknown[] }) => v.items.length === 0;

export const operationViews = {
  holderChange: operationView({
    normalize: normalizeHolderChange,
    isEmpty: (v) => isEmptySeries(v.series) && Object.values(v.now).every((n) => n === null),
  }),
  dailyClaimedRewards: operationView({
    normalize: normalizeDailyClaimedRewards,
    isEmpty: (v) => isEmptySeries(v.series),
  }),
  eventTransferDistribution: operationView({
    normalize: normalizeEventTransfer,
    isEmpty: (v) => v.ranking.length === 0,
  }),
  prominentBalance: operationView({
    normalize: normalizeProminentBalance,
    isEmpty: noItems,
  }),
  tokenBalanceDistribution: operationView({
    normalize: normalizeTokenBalance,
    isEmpty: isEmptyBreakdown,
  }),
  dailyUsers: operationView({
    normalize: normalizeDailyUsers,
    isEmpty: (v) => isEmptySeries(v.series),
  }),
  dailyActions: operationView({
    normalize: normalizeDailyActions,
    isEmpty: (v) => v.days.length === 0,
  }),
  distributionByDapps: operationView({
    normalize: (body: unknown) => normalizeDistribution(body, 'dapps'),
    isEmpty: noItems,
  }),
  distributionByContracts: operationView({
    normalize: (body: unknown) => normalizeDistribution(body, 'contracts'),
    isEmpty: noItems,
  }),
  distributionByActions: operationView({
    normalize: (body: unknown) => normalizeDistribution(body, 'actions'),
    isEmpty: noItems,
  }),
  useCompetitors: operationView({
    normalize: normalizeOverlap,
    isEmpty: noItems,
  }),
  usePartners: operationView({
    normalize: normalizeOverlap,
    isEmpty: noItems,
  }),
  retention: operationView({
    normalize: normalizeRetention,
    isEmpty: (v) => v.rows.length === 0,
  }),
  userInbounce: operationView({
    normalize: normalizeUserInbounce,
    isEmpty: (v) => isEmptyBreakdown(v.wallet) && isEmptyBreakdown(v.visitor),
  }),
  distributionByCountries: operationView({
    normalize: normalizeCountries,
    // Totals without a list are still figures to show.
    isEmpty: (v) => v.items.length === 0 && v.totalVisitors === null && v.totalWallets === null,
  }),
  trafficShare: operationView({
    normalize: normalizeTrafficShare,
    isEmpty: isEmptyFlow,
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
