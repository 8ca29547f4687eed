/**
 * The words of an alert's notification, made from the rule and the numbers
 * only (never from stored text), in the user's language. Pure.
 */
import { formatClockUtc } from '@/lib/format/date.ts';
import { formatDay, formatNumber, formatPercent } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { UserNotification } from '@/lib/notify/notifier.ts';
import { STAT_METRICS } from '@/lib/stats/metrics.ts';
import type { Fired } from './evaluate.ts';
import type { AlertRule } from './rule.ts';
import type { AlertClock } from './schedule.ts';

export function formatMetricValue(rule: Pick<AlertRule, 'metric'>, value: number): string {
  return STAT_METRICS[rule.metric].unit === 'share' ? formatPercent(value) : formatNumber(value);
}

/** "Active holders crosses above 1,000" and the like: how Options lists a rule. */
export function describeCondition(rule: Pick<AlertRule, 'metric' | 'condition'>): string {
  const c = rule.condition;
  if (c.kind === 'change') return t('alerts.condition.change', { percent: formatNumber(c.percent) });
  return t(c.kind === 'above' ? 'alerts.condition.above' : 'alerts.condition.below', { value: formatMetricValue(rule, c.value) });
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
  if (c.kind === 'change') {
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
