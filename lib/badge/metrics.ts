/**
 * The numbers the toolbar badge can show: a few of the headline numbers
 * (lib/stats/headline.ts), each the figure the popup shows for the same
 * project and range, by the same rule. Pure.
 */
import { t } from '@/lib/i18n/index.ts';
import { STAT_METRICS } from '@/lib/stats/metrics.ts';
import type { StatsFilters, StatsRequest } from '@/lib/stats/query.ts';

// Labels are read in the user's language when shown, not when this module loads.
export const BADGE_METRICS = {
  dailyUsers: { get label() { return t('badge.metric.dailyUsers'); }, op: STAT_METRICS.dailyUsers.op },
  activeHolders: { get label() { return t('badge.metric.activeHolders'); }, op: STAT_METRICS.activeHolders.op },
  newHolders: { get label() { return t('badge.metric.newHolders'); }, op: STAT_METRICS.newHolders.op },
  totalHolders: { get label() { return t('badge.metric.totalHolders'); }, op: STAT_METRICS.totalHolders.op },
} as const;

export type BadgeMetric = keyof typeof BADGE_METRICS;

export function isBadgeMetric(v: unknown): v is BadgeMetric {
  return typeof v === 'string' && Object.hasOwn(BADGE_METRICS, v);
}

/** The request a metric needs for a project and filters (over the picked range: headlineNeeds makes its periods). */
export function badgeRequest(metric: BadgeMetric, filters: StatsFilters): StatsRequest {
  return { op: BADGE_METRICS[metric].op, filters };
}
