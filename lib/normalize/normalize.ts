/**
 * The entry point: one normalizer per data operation of the catalog, each
 * turning the service's loosely typed body into the view the UI draws.
 * None throws: a body it cannot use yields an empty view (`hasData` false),
 * which the UI shows as "no data". Error-shaped bodies sent with HTTP 200
 * are for `errorBodyMessage` (lib/api/body.ts; the API client checks them
 * before this runs).
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { isEmptyBreakdown, normalizeTokenBalance, normalizeUserInbounce } from './breakdown.ts';
import { normalizeRetention } from './cohort.ts';
import { isEmptyFlow, normalizeTrafficShare } from './flow.ts';
import { normalizeDailyActions, normalizeEventTransfer } from './per-day.ts';
import { normalizeCountries, normalizeDistribution, normalizeOverlap, normalizeProminentBalance } from './ranked.ts';
import { isEmptySeries, normalizeDailyClaimedRewards, normalizeDailyUsers, normalizeHolderChange } from './series.ts';

export type { Breakdown, BreakdownPart, TokenBalanceView, UserInbounceView } from './breakdown.ts';
export type { CohortRow, RetentionView } from './cohort.ts';
export { FLOW_LAYERS, type FlowLayer, type FlowLink, type FlowNode, type TrafficShareView } from './flow.ts';
export type { ActionDay, ActionItem, ContractTotal, DailyActionsView, EventTransferView } from './per-day.ts';
export type {
  ActivityItem,
  CountriesView,
  CountryItem,
  DistributionView,
  HolderItem,
  OverlapItem,
  OverlapView,
  ProminentBalanceView,
  RankedItem,
} from './ranked.ts';
export {
  toAlignedData,
  type ClaimedRewardsView,
  type DailyUsersView,
  type HolderChangeView,
  type SeriesColumn,
  type TimeSeries,
  type TimeWindow,
} from './series.ts';

/** A normalizer that cannot throw: should one ever fail, it answers its empty view. */
function safe<V>(normalize: (body: unknown) => V): (body: unknown) => V {
  return (body) => {
    try {
      return normalize(body);
    } catch {
      return normalize(undefined);
    }
  };
}

export const normalizers = {
  holderChange: safe(normalizeHolderChange),
  dailyClaimedRewards: safe(normalizeDailyClaimedRewards),
  eventTransferDistribution: safe(normalizeEventTransfer),
  prominentBalance: safe(normalizeProminentBalance),
  tokenBalanceDistribution: safe(normalizeTokenBalance),
  dailyUsers: safe(normalizeDailyUsers),
  dailyActions: safe(normalizeDailyActions),
  distributionByDapps: safe((body) => normalizeDistribution(body, 'dapps')),
  distributionByContracts: safe((body) => normalizeDistribution(body, 'contracts')),
  distributionByActions: safe((body) => normalizeDistribution(body, 'actions')),
  useCompetitors: safe(normalizeOverlap),
  usePartners: safe(normalizeOverlap),
  retention: safe(normalizeRetention),
  userInbounce: safe(normalizeUserInbounce),
  distributionByCountries: safe(normalizeCountries),
  trafficShare: safe(normalizeTrafficShare),
} satisfies { [Id in DataOperationId]: (body: unknown) => unknown };

/** The view a data operation normalizes to. */
export type ViewOf<Id extends DataOperationId> = ReturnType<(typeof normalizers)[Id]>;

export function normalize<Id extends DataOperationId>(id: Id, body: unknown): ViewOf<Id> {
  return normalizers[id](body) as ViewOf<Id>;
}

/** True when a view has nothing to draw. */
const isEmptyView: { [Id in DataOperationId]: (view: ViewOf<Id>) => boolean } = {
  holderChange: (v) => isEmptySeries(v.series) && Object.values(v.now).every((n) => n === null),
  dailyClaimedRewards: (v) => isEmptySeries(v.series),
  eventTransferDistribution: (v) => v.ranking.length === 0,
  prominentBalance: (v) => v.items.length === 0,
  tokenBalanceDistribution: isEmptyBreakdown,
  dailyUsers: (v) => isEmptySeries(v.series),
  dailyActions: (v) => v.days.length === 0,
  distributionByDapps: (v) => v.items.length === 0,
  distributionByContracts: (v) => v.items.length === 0,
  distributionByActions: (v) => v.items.length === 0,
  useCompetitors: (v) => v.items.length === 0,
  usePartners: (v) => v.items.length === 0,
  retention: (v) => v.rows.length === 0,
  userInbounce: (v) => isEmptyBreakdown(v.wallet) && isEmptyBreakdown(v.visitor),
  distributionByCountries: (v) => v.items.length === 0,
  trafficShare: isEmptyFlow,
};

/** Whether the UI has something to draw for this operation's view, or should say "no data". */
export function hasData<Id extends DataOperationId>(id: Id, view: ViewOf<Id>): boolean {
  return !(isEmptyView[id] as (view: ViewOf<Id>) => boolean)(view);
}
