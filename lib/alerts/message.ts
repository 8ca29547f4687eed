/**
 * The words of an alert's notification, made from the rule and the numbers
 * only (never from stored text), in the user's language. Pure.
 */
import { formatClockUtc } from '@/lib/format/date.ts';
import { formatDay, formatNumber, formatPercent } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { UserNotification } from '@/lib/notify/notifier.ts';
import { STAT_METRICS } from '@/lib/stats/metrics.ts';
import { changeSource } from '@/lib/stats/change-sources.ts';
import { changeSpoken } from '@/lib/stats/change.ts';
import { DAY_SECONDS } from '@/lib/stats/partial-day.ts';
import type { Fired } from './evaluate.ts';
import { firedChange } from './period-change.ts';
import { changeWindow, DEFAULT_CHANGE_DAYS, type AlertRule } from './rule.ts';
import type { AlertClock } from './schedule.ts';

export function formatMetricValue(rule: Pick<AlertRule, 'metric'>, value: number): string {
  return STAT_METRICS[rule.metric].unit === 'share' ? formatPercent(value) : formatNumber(value);
}

const isShare = (rule: Pick<AlertRule, 'metric'>) => STAT_METRICS[rule.metric].unit === 'share';

/** A period change's N as the metric's unit says it: "12.5%", or a share's "2 percentage points". */
function changeLimit(rule: Pick<AlertRule, 'metric'>, percent: number): string {
  return isShare(rule) ? t('alerts.amount.points', { points: formatNumber(percent) }) : t('alerts.amount.percent', { percent: formatNumber(percent) });
}

const PERIOD_CONDITION = { up: 'alerts.condition.periodUp', down: 'alerts.condition.periodDown', either: 'alerts.condition.periodEither' } as const;

/** "Active holders crosses above 1,000" and the like: how Options lists a rule. */
export function describeCondition(rule: Pick<AlertRule, 'metric' | 'condition' | 'filters'>): string {
  const c = rule.condition;
  if (c.kind === 'change') return t('alerts.condition.change', { percent: formatNumber(c.percent) });
  if (c.kind === 'periodChange') {
    const window = changeWindow(rule);
    const days = 'days' in window ? window.days : DEFAULT_CHANGE_DAYS;
    return t(PERIOD_CONDITION[c.way], { amount: changeLimit(rule, c.percent), count: formatNumber(days) });
  }
  return t(c.kind === 'above' ? 'alerts.condition.above' : 'alerts.condition.below', { value: formatMetricValue(rule, c.value) });
}

/** How a period's figure is made, for the words around it: a mean per day, a total, or the figure the service answers. */
function figureKind(rule: Pick<AlertRule, 'metric'>): 'mean' | 'sum' | 'window' {
  const source = changeSource(rule.metric);
  return source.kind === 'series' ? source.aggregate : 'window';
}

const PERIOD_NOTE = { mean: 'alerts.notification.periodMean', sum: 'alerts.notification.periodSum', window: 'alerts.notification.period' } as const;

/** "Oct 27 – Nov 25: up 12.5% from the 30 days before (1,234 → 1,388 a day on average)." */
function periodChangeText(rule: AlertRule, fired: Fired): string {
  const days = fired.days ?? 1;
  const last = fired.day ?? 0;
  const first = last - (days - 1) * DAY_SECONDS;
  return t(PERIOD_NOTE[figureKind(rule)], {
    period: days === 1 ? formatDay(last) : `${formatDay(first)} – ${formatDay(last)}`,
    change: changeSpoken(firedChange(fired, isShare(rule)), days),
    from: formatMetricValue(rule, fired.from ?? 0),
    to: formatMetricValue(rule, fired.value),
  });
}

/**
 * The local time of day, as the UI language writes it ("23:00", "11:00 PM"). The
 * check's clock gives the zone (tests pin it): the moment moved by its offset
 * reads, in UTC, as the local wall clock.
 */
function localClock(atMs: number, clock: Pick<AlertClock, 'offsetMinutes'>): string {
  return formatClockUtc(atMs + clock.offsetMinutes(atMs) * 60_000);
}

/** The notification for a fired rule; `delayed` when it was held back over quiet hours. */
export function alertNotification(rule: AlertRule, fired: Fired, clock: Pick<AlertClock, 'offsetMinutes'>, delayed = false): UserNotification {
  const c = rule.condition;
  const fmt = (v: number) => formatMetricValue(rule, v);
  // Each sentence whole, with and without its day: word order differs between languages.
  const day = fired.day !== undefined ? formatDay(fired.day) : undefined;
  let what: string;
  if (c.kind === 'periodChange') {
    what = periodChangeText(rule, fired);
  } else if (c.kind === 'change') {
    const up = (fired.percent ?? 0) >= 0;
    const values = { percent: formatNumber(Math.abs(fired.percent ?? 0)), from: fmt(fired.from ?? 0), to: fmt(fired.value) };
    what = day === undefined
      ? t(up ? 'alerts.notification.up' : 'alerts.notification.down', values)
      : t(up ? 'alerts.notification.upOn' : 'alerts.notification.downOn', { ...values, day });
  } else {
    const values = { limit: fmt(c.value), value: fmt(fired.value) };
    const above = c.kind === 'above';
    what = day === undefined
      ? t(above ? 'alerts.notification.above' : 'alerts.notification.below', values)
      : t(above ? 'alerts.notification.aboveOn' : 'alerts.notification.belowOn', { ...values, day });
  }
  return {
    id: `alert-${rule.id}`,
    title: t('alerts.notification.title', { metric: STAT_METRICS[rule.metric].label, project: rule.filters.project }),
    message: delayed ? t('alerts.notification.delayed', { what, time: localClock(fired.at, clock) }) : what,
    target: { page: 'dashboard', project: rule.filters.project, metric: rule.metric },
  };
}
