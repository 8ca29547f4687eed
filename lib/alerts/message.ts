/**
 * The words of an alert's notification, made from the rule and the numbers
 * only (never from stored text). Pure.
 */
import { formatDay, formatNumber, formatPercent } from '@/lib/format/number.ts';
import type { UserNotification } from '@/lib/notify/notifier.ts';
import { STAT_METRICS } from '@/lib/stats/metrics.ts';
import type { Fired } from './evaluate.ts';
import type { AlertRule } from './rule.ts';
import type { AlertClock } from './schedule.ts';

export function formatMetricValue(rule: Pick<AlertRule, 'metric'>, value: number): string {
  return STAT_METRICS[rule.metric].unit === 'share' ? formatPercent(value, 'en-US') : formatNumber(value, 'en-US');
}

/** "Active holders crosses above 1,000" and the like: how Options lists a rule. */
export function describeCondition(rule: Pick<AlertRule, 'metric' | 'condition'>): string {
  const c = rule.condition;
  if (c.kind === 'change') return `changes by more than ${formatNumber(c.percent, 'en-US')}% day over day`;
  return `crosses ${c.kind} ${formatMetricValue(rule, c.value)}`;
}

function hhmm(atMs: number, clock: Pick<AlertClock, 'offsetMinutes'>): string {
  const d = new Date(atMs + clock.offsetMinutes(atMs) * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** The notification for a fired rule; `delayed` when it was held back over quiet hours. */
export function alertNotification(rule: AlertRule, fired: Fired, clock: Pick<AlertClock, 'offsetMinutes'>, delayed = false): UserNotification {
  const m = STAT_METRICS[rule.metric];
  const c = rule.condition;
  const fmt = (v: number) => formatMetricValue(rule, v);
  const on = fired.day !== undefined ? ` on ${formatDay(fired.day, 'en-US')}` : '';
  let what: string;
  if (c.kind === 'change') {
    const pct = formatNumber(Math.abs(fired.percent ?? 0), 'en-US');
    what = `${(fired.percent ?? 0) >= 0 ? 'Up' : 'Down'} ${pct}% day over day: ${fmt(fired.from ?? 0)} → ${fmt(fired.value)}${on}.`;
  } else {
    what = `${c.kind === 'above' ? 'Crossed above' : 'Fell below'} ${fmt(c.value)}: ${fmt(fired.value)}${on}.`;
  }
  return {
    id: `alert-${rule.id}`,
    title: `${m.label}, ${rule.filters.project}`,
    message: delayed ? `${what} (at ${hhmm(fired.at, clock)}, during quiet hours)` : what,
    target: { page: 'dashboard', project: rule.filters.project, metric: rule.metric },
  };
}
