/**
 * Which headline numbers there are, and how each is read from its
 * operation's answer (the rule that says which answer and which days is
 * lib/stats/headline.ts):
 * - `series`: the operation answers one value per day; over some days the
 *   figure is their total (a flow: new holders, rewards) or, for a level
 *   (active holders, daily users), the mean per day when compared and the
 *   latest day when shown (lib/stats/change.ts);
 * - `window`: the operation answers one figure for the time range it is
 *   asked; `at: 'end'` for a stock read at the window's last day (total holders);
 * - `snapshot`: the operation takes no time range (the balance distribution,
 *   the countries): there is no earlier figure to ask for, and it is said so.
 * Ids are the alert/badge metrics (lib/stats/metrics.ts) and a few more
 * headline figures that only the popup and dashboard show. Pure.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { isRecord, toNumber } from '@/lib/normalize/coerce.ts';
import { normalize } from '@/lib/stats/operation-views.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import type { TrafficShareView } from '@/lib/normalize/flow.ts';
import { acceptsParam } from './query.ts';
import { periodFigure, type Aggregate, type ChangeUnit, type DaySeries, type FigureGap } from './change.ts';
import type { DayPeriod } from './periods.ts';

/** Where in the service's answer a window figure's parts are (a path of keys each): to say a missing one from an unknown one. */
type FieldPaths = readonly (readonly string[])[];

export type ChangeSource =
  | { readonly kind: 'series'; readonly op: DataOperationId; readonly unit: ChangeUnit; readonly aggregate: Aggregate; readonly daily: (body: unknown) => DaySeries }
  | {
      readonly kind: 'window';
      readonly op: DataOperationId;
      readonly unit: ChangeUnit;
      readonly value: (body: unknown) => number | null;
      readonly fields: FieldPaths;
      /** 'end': a stock at the window's last day; 'window': a figure of the window's days. */
      readonly at: 'end' | 'window';
    }
  | { readonly kind: 'snapshot'; readonly op: DataOperationId; readonly unit: ChangeUnit; readonly value: (body: unknown) => number | null };

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

const countries = (body: unknown) => normalize('distributionByCountries', body);

const holders = (key: 'active' | 'new') => (body: unknown) => column(normalize('holderChange', body).series, key);
const users = (key: 'users' | 'transactions') => (body: unknown) => column(normalize('dailyUsers', body).series, key);

/** Each headline number by id; the alert and badge metrics (lib/stats/metrics.ts) read theirs from here. */
export const CHANGE_SOURCES = {
  // Active holders and daily users are levels: a period's mean per day. New holders and rewards are flows: its total.
  activeHolders: { kind: 'series', op: 'holderChange', unit: 'count', aggregate: 'mean', daily: holders('active') },
  newHolders: { kind: 'series', op: 'holderChange', unit: 'count', aggregate: 'sum', daily: holders('new') },
  // The total at the end of each period (the service answers it for the window's last day).
  totalHolders: { kind: 'window', op: 'holderChange', unit: 'count', value: (body) => normalize('holderChange', body).now.total, fields: [['now', 'total']], at: 'end' },
  whales: { kind: 'snapshot', op: 'tokenBalanceDistribution', unit: 'count', value: (body) => normalize('tokenBalanceDistribution', body).parts.find((p) => p.key === 'whales')?.value ?? null },
  claimedRewards: {
    kind: 'series', op: 'dailyClaimedRewards', unit: 'count', aggregate: 'sum',
    daily: (body) => column(normalize('dailyClaimedRewards', body).series, 'claimed'),
  },
  dailyUsers: { kind: 'series', op: 'dailyUsers', unit: 'count', aggregate: 'mean', daily: users('users') },
  dailyTransactions: { kind: 'series', op: 'dailyUsers', unit: 'count', aggregate: 'mean', daily: users('transactions') },
  returningShare: { kind: 'window', op: 'userInbounce', unit: 'share', value: (body) => share(body, 'wallet'), fields: [['wallet', 'new'], ['wallet', 'return']], at: 'window' },
  returningVisitorShare: { kind: 'window', op: 'userInbounce', unit: 'share', value: (body) => share(body, 'visitor'), fields: [['visitor', 'new'], ['visitor', 'return']], at: 'window' },
  countryVisitors: { kind: 'snapshot', op: 'distributionByCountries', unit: 'count', value: (body) => countries(body).totalVisitors },
  countryWallets: { kind: 'snapshot', op: 'distributionByCountries', unit: 'count', value: (body) => countries(body).totalWallets },
  trafficVisitors: {
    kind: 'window', op: 'trafficShare', unit: 'count', value: (body) => trafficVisitors(normalize('trafficShare', body)), fields: [['layers']], at: 'window',
  },
} as const satisfies Record<string, ChangeSource>;

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

/** The figure a change compares for a period, from the answer for that period: a series' total or mean per day, or the window's figure. */
export function periodValue(source: ChangeSource, body: unknown, p: DayPeriod): number | null {
  if (source.kind === 'series') return periodFigure(source.daily(body), p, source.aggregate);
  return source.value(body);
}

/**
 * Why a window or snapshot figure read null: one of its fields is not in the
 * answer at all ('missing'), or is there as null or no number ('unknown').
 */
export function windowGap(source: Extract<ChangeSource, { kind: 'window' }>, body: unknown): FigureGap {
  for (const path of source.fields) {
    let at: unknown = body;
    for (const key of path) {
      if (!isRecord(at) || !(key in at)) return 'missing';
      at = at[key];
    }
    if (!Array.isArray(at) && !isRecord(at) && toNumber(at) === null) return 'unknown';
  }
  return 'unknown';
}
