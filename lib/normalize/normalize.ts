/**
 * The tolerant parsers, one per shape of answer the service sends, each
 * turning a loosely typed body into the view the UI draws. Wrapped in
 * `safe`, none throws: a body it cannot use yields an empty view, which the
 * UI shows as "no data". Which parser serves which data operation, and when
 * its view counts as empty, is in lib/stats/operation-views.ts. Error-shaped
 * bodies sent with HTTP 200 are for `isErrorBody` (lib/api/body.ts; the
 * API client checks them before this runs).
 */
export {
  isEmptyBreakdown,
  normalizeTokenBalance,
  normalizeUserInbounce,
  type Breakdown,
  type BreakdownPart,
  type TokenBalanceView,
  type UserInbounceView,
} from './breakdown.ts';
export { normalizeRetention, type CohortRow, type RetentionView } from './cohort.ts';
export {
  FLOW_LAYERS,
  isEmptyFlow,
  normalizeTrafficShare,
  type FlowLayer,
  type FlowLink,
  type FlowNode,
  type TrafficShareView,
} from './flow.ts';
export {
  normalizeDailyActions,
  normalizeEventTransfer,
  type ActionDay,
  type ActionItem,
  type ContractTotal,
  type DailyActionsView,
  type EventTransferView,
} from './per-day.ts';
export {
  normalizeCountries,
  normalizeDistribution,
  normalizeOverlap,
  normalizeProminentBalance,
  type ActivityItem,
  type CountriesView,
  type CountryItem,
  type DistributionView,
  type HolderItem,
  type OverlapItem,
  type OverlapView,
  type ProminentBalanceView,
  type RankedItem,
} from './ranked.ts';
export {
  isEmptySeries,
  normalizeDailyClaimedRewards,
  normalizeDailyUsers,
  normalizeHolderChange,
  toAlignedData,
  type ClaimedRewardsView,
  type DailyUsersView,
  type HolderChangeView,
  type SeriesColumn,
  type TimeSeries,
  type TimeWindow,
} from './series.ts';

/** A normalizer that cannot throw: should one ever fail, it answers its empty view. */
export function safe<V>(normalize: (body: unknown) => V): (body: unknown) => V {
  return (body) => {
    try {
      return normalize(body);
    } catch {
      return normalize(undefined);
    }
  };
}
