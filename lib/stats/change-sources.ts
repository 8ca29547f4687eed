/**
 * Which headline numbers have a change, and how each period's figure is read
 * from the operation's answer for that period (lib/stats/periods.ts):
 * - `series`: the operation answers one value per day; a period's figure is
 *   the total or the mean per day of its days (lib/stats/change.ts);
 * - `window`: the operation answers one figure for the time range it is asked;
 * - `snapshot`: the operation takes no time range (the balance distribution,
 *   the countries): there is no earlier figure to ask for, and it is said so.
 * Ids are the alert/badge metrics (lib/stats/metrics.ts) and a few more
 * headline figures that only the popup and dashboard show. Pure.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { normalize } from '@/lib/stats/operation-views.ts';
import { STAT_METRICS, type StatMetricId } from '@/lib/stats/metrics.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import type { TrafficShareView } from '@/lib/normalize/flow.ts';
import { acceptsParam } from './query.ts';
import { computeChange, periodFigure, type Aggregate, type ChangeUnit, type DaySeries, type StatChange } from './change.ts';
import type { ComparedPeriods, DayPeriod } from './periods.ts';

export type ChangeSource =
  | { readonly kind: 'series'; readonly op: DataOperationId; readonly unit: ChangeUnit; readonly aggregate: Aggregate; readonly daily: (body: unknown) => DaySeries }
  | { readonly kind: 'window'; readonly op: DataOperationId; readonly unit: ChangeUnit; readonly value: (body: unknown) => number | null }
  | { readonly kind: 'snapshot'; readonly op: DataOperationId };

function column(ts: TimeSeries, key: string): DaySeries {
  return { x: ts.x, values: ts.series.find((s) => s.key === key)?.values ?? ts.x.map(() => null) };
}

/**
 * The traffic's visitors in the window: a member's users over its share of
 * its layer (the service sends the share of all the window's visitors).
 */
export function trafficVisitors(v: TrafficShareView): number | null {
  const n = v.layers[0]?.nodes.find((x) => x.users !== null && x.users > 0 && x.ratio !== null && x.ratio > 0);
  return n ? Math.round(n.users! / n.ratio!) : null;
}

const share = (body: unknown, audience: 'wallet' | 'visitor') =>
  normalize('userInbounce', body)[audience].parts.find((p) => p.key === 'returning')?.share ?? null;

export const CHANGE_SOURCES = {
  // Active holders and daily users are levels: a period's mean per day. New holders and rewards are flows: its total.
  activeHolders: { kind: 'series', op: 'holderChange', unit: 'count', aggregate: 'mean', daily: STAT_METRICS.activeHolders.daily },
  newHolders: { kind: 'series', op: 'holderChange', unit: 'count', aggregate: 'sum', daily: STAT_METRICS.newHolders.daily },
  // The total at the end of each period (the service answers it for the window's last day).
  totalHolders: { kind: 'window', op: 'holderChange', unit: 'count', value: STAT_METRICS.totalHolders.current },
  whales: { kind: 'snapshot', op: 'tokenBalanceDistribution' },
  claimedRewards: {
    kind: 'series', op: 'dailyClaimedRewards', unit: 'count', aggregate: 'sum',
    daily: (body) => column(normalize('dailyClaimedRewards', body).series, 'claimed'),
  },
  dailyUsers: { kind: 'series', op: 'dailyUsers', unit: 'count', aggregate: 'mean', daily: STAT_METRICS.dailyUsers.daily },
  dailyTransactions: { kind: 'series', op: 'dailyUsers', unit: 'count', aggregate: 'mean', daily: STAT_METRICS.dailyTransactions.daily },
  returningShare: { kind: 'window', op: 'userInbounce', unit: 'share', value: (body) => share(body, 'wallet') },
  returningVisitorShare: { kind: 'window', op: 'userInbounce', unit: 'share', value: (body) => share(body, 'visitor') },
  countryVisitors: { kind: 'snapshot', op: 'distributionByCountries' },
  countryWallets: { kind: 'snapshot', op: 'distributionByCountries' },
  trafficVisitors: { kind: 'window', op: 'trafficShare', unit: 'count', value: (body) => trafficVisitors(normalize('trafficShare', body)) },
} as const satisfies Record<StatMetricId | string, ChangeSource>;

export type ChangeId = keyof typeof CHANGE_SOURCES;

export function changeSource(id: ChangeId): ChangeSource {
  return CHANGE_SOURCES[id];
}

/**
 * Whether the change compares each period's mean per day (a level such as active holders), while the
 * number beside it is the latest day: said on hover, so +4% is not read as the latest day's change.
 */
export function comparesDailyMeans(id: ChangeId): boolean {
  const source = changeSource(id);
  return source.kind === 'series' && source.aggregate === 'mean';
}

/** Whether the operation takes a time range, so that an earlier period can be asked for. */
export function hasHistory(op: DataOperationId): boolean {
  return acceptsParam(op, 'startTime') || acceptsParam(op, 'endTime');
}

/** A period's figure from the operation's answer for that period. */
export function periodValue(source: ChangeSource, body: unknown, p: DayPeriod): number | null {
  if (source.kind === 'series') return periodFigure(source.daily(body), p, source.aggregate);
  if (source.kind === 'window') return source.value(body);
  return null;
}

/**
 * The change of a headline number, from the answers for the current and the
 * previous period (`undefined`: not there yet → undefined, still loading;
 * `null`: its request failed → 'failed', never passed off as "no earlier data").
 */
export function changeOf(source: ChangeSource, periods: ComparedPeriods | null, current: unknown, previous: unknown): StatChange | undefined {
  if (source.kind === 'snapshot') return { kind: 'snapshot' };
  if (periods === null) return { kind: 'no-current' };
  if (current === null || previous === null) return { kind: 'failed' };
  if (current === undefined || previous === undefined) return undefined;
  return computeChange(periodValue(source, current, periods.current), periodValue(source, previous, periods.previous), source.unit);
}
