/**
 * One rule, one check: what the number is now, whether the rule fires, and
 * what to remember for the next check. Pure; the clock comes in.
 *
 * - Thresholds fire on the crossing (the previous check saw the other side),
 *   not on every check while the number stays past the line.
 * - Which UTC days are complete is judged at the time the numbers were
 *   fetched (the cache entry's storedAt, lib/stats/partial-day.ts), not at
 *   the check: an answer stored at 23:55 and read from the cache at 00:03
 *   holds a partial day. Daily series count only their complete days; a
 *   single figure (total holders, whales, the returning share) is filed
 *   under the UTC day it was fetched on.
 * - Day-over-day changes compare complete days only: for a daily series the
 *   last two complete days the service sent; for a single figure the last
 *   value seen on each of the last two complete days. Each newer day is
 *   compared once. A change from 0 has no percentage and never fires.
 * - A rule fires at most once per local day; a crossing or a change on a day
 *   it already fired is passed over (and not saved up for the next day).
 * - A first check (a new, edited or resumed rule) only takes its bearings.
 */
import { t } from '@/lib/i18n/index.ts';
import type { CacheEntry } from '@/lib/cache/swr.ts';
import type { StatChange } from '@/lib/stats/change.ts';
import { statMetric, type DailyValues } from '@/lib/stats/metrics.ts';
import { DAY_SECONDS, isPartialDay, partialFrom } from '@/lib/stats/partial-day.ts';
import type { AlertRule } from './rule.ts';
import { localDay, type AlertClock } from './schedule.ts';

export interface RuleState {
  /** When the rule was last checked (ms), whether or not it got a number. */
  readonly lastCheck?: number;
  /** The number seen last, and the UTC day (day-start seconds) it is of, for daily metrics. */
  readonly lastValue?: number;
  readonly valueDay?: number;
  /** Why the last check got no number; cleared by the next that does. */
  readonly error?: string;
  /** Single figures: the last value seen on each recent UTC day, oldest first (at most 3). */
  readonly days?: readonly (readonly [day: number, value: number])[];
  /** The local day (YYYY-MM-DD) the rule last fired on. */
  readonly firedOn?: string;
  /** Change rules: the newest complete day already compared with the day before it. */
  readonly comparedDay?: number;
  /** Period-change rules (period-change.ts): the change seen last (shown in Options), and over how many days. */
  readonly change?: StatChange;
  readonly changeDays?: number;
  /** Period-change rules: the last change that had an amount (percent, or a share's points): the bearing for a crossing. */
  readonly lastChange?: number;
}

/** A rule that fired: what to tell the user, held back over quiet hours if need be. */
export interface Fired {
  readonly ruleId: string;
  /** When it fired (ms). */
  readonly at: number;
  readonly value: number;
  /** The UTC day the value is of (day-start seconds), when the metric is per day. */
  readonly day?: number;
  /** Change rules: the day before's value (the previous period's figure), and the change in percent (a share's: points). */
  readonly from?: number;
  readonly percent?: number;
  /** Period-change rules: how many days each period has (`day` is the current one's last). */
  readonly days?: number;
}

interface DayPair {
  readonly from: number;
  readonly to: number;
  /** The newer day. */
  readonly day: number;
}

/** The days of a daily series that were over when it was fetched (`asOfMs`) and have a value, oldest first. */
function completeDays(series: DailyValues, asOfMs: number): [number, number][] {
  const out: [number, number][] = [];
  series.x.slice(0, partialFrom(series.x, asOfMs) ?? series.x.length).forEach((x, i) => {
    const v = series.values[i];
    if (v !== null && v !== undefined) out.push([x, v]);
  });
  return out;
}

/** The last two days if they follow each other. */
function lastPair(days: readonly (readonly [number, number])[]): DayPair | null {
  const [a, b] = days.slice(-2);
  return a && b && b[0] - a[0] === DAY_SECONDS ? { from: a[1], to: b[1], day: b[0] } : null;
}

/** Keeps the latest value per UTC day, the last three days, oldest first. */
function rememberDay(days: RuleState['days'], day: number, value: number): (readonly [number, number])[] {
  return [...(days ?? []).filter(([d]) => d !== day), [day, value] as const].sort((a, b) => a[0] - b[0]).slice(-3);
}

export interface Evaluation {
  readonly state: RuleState;
  readonly fired: Fired | null;
}

/**
 * Evaluates a rule at `nowMs` on the service's answer as the cache holds it
 * (`answer.value`, fetched at `answer.storedAt`). With `baseline`, it
 * records what it sees and never fires.
 */
export function evaluate(rule: AlertRule, state: RuleState, answer: Pick<CacheEntry<unknown>, 'value' | 'storedAt'>, nowMs: number, clock: Pick<AlertClock, 'offsetMinutes'>, baseline = false): Evaluation {
  const metric = statMetric(rule.metric);
  const { value: body, storedAt } = answer;
  let value: number | null;
  let valueDay: number | undefined;
  let pair: DayPair | null;
  let days = state.days;
  if (metric.daily) {
    const complete = completeDays(metric.daily(body), storedAt);
    const last = complete.at(-1);
    value = last?.[1] ?? null;
    valueDay = last?.[0];
    pair = lastPair(complete);
  } else {
    value = metric.current(body, storedAt);
    const fetchedOn = Math.floor(storedAt / 1000 / DAY_SECONDS) * DAY_SECONDS;
    if (value !== null) days = rememberDay(days, fetchedOn, value);
    pair = lastPair((days ?? []).filter(([d]) => !isPartialDay(d, storedAt)));
  }
  if (value === null) return { state: { ...state, lastCheck: nowMs, error: t('alerts.error.noData') }, fired: null };

  const c = rule.condition;
  const prev = state.lastValue;
  let fired: Fired | null = null;
  let comparedDay = state.comparedDay;
  if (c.kind === 'above' || c.kind === 'below') {
    const crossed = prev !== undefined && (c.kind === 'above' ? prev < c.value && value >= c.value : prev > c.value && value <= c.value);
    if (crossed) fired = { ruleId: rule.id, at: nowMs, value, ...(valueDay !== undefined ? { day: valueDay } : {}) };
  } else if (c.kind === 'change' && pair && pair.day > (state.comparedDay ?? -Infinity)) {
    // Newer days only: an older answer (a cached one) never compares a day again.
    comparedDay = pair.day;
    const percent = pair.from === 0 ? null : ((pair.to - pair.from) / Math.abs(pair.from)) * 100;
    if (percent !== null && Math.abs(percent) > c.percent) {
      fired = { ruleId: rule.id, at: nowMs, value: pair.to, day: pair.day, from: pair.from, percent };
    }
  }
  const day = localDay(nowMs, clock);
  if (baseline || (fired && state.firedOn === day)) fired = null;
  const next: RuleState = {
    lastCheck: nowMs,
    lastValue: value,
    ...(valueDay !== undefined ? { valueDay } : {}),
    ...(days ? { days } : {}),
    ...(comparedDay !== undefined ? { comparedDay } : {}),
    ...((fired ? day : state.firedOn) !== undefined ? { firedOn: fired ? day : state.firedOn } : {}),
  };
  return { state: next, fired };
}

/** What a check that could not get the number leaves: the old number, and why there is no new one. */
export function failed(state: RuleState, nowMs: number, error: string): RuleState {
  return { ...state, lastCheck: nowMs, error };
}
