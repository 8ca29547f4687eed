/**
 * The numbers the toolbar badge can show: a few of the shared stat metrics
 * (lib/stats/metrics.ts), each with the figure the popup shows. Pure.
 */
import { t } from '@/lib/i18n/index.ts';
import { STAT_METRICS, type StatMetricId } from '@/lib/stats/metrics.ts';
import type { StatsFilters, StatsRequest } from '@/lib/stats/query.ts';

function badgeMetric<Id extends StatMetricId>(id: Id, label: () => string) {
  const m = STAT_METRICS[id];
  return {
    get label() {
      return label();
    },
    op: m.op,
    read: m.current,
  };
}

export const BADGE_METRICS = {
  // Labels are read in the user's language when shown, not when this module loads.
  dailyUsers: badgeMetric('dailyUsers', () => t('badge.metric.dailyUsers')),
  activeHolders: badgeMetric('activeHolders', () => t('badge.metric.activeHolders')),
  newHolders: badgeMetric('newHolders', () => t('badge.metric.newHolders')),
  totalHolders: badgeMetric('totalHolders', () => t('badge.metric.totalHolders')),
} as const;

export type BadgeMetric = keyof typeof BADGE_METRICS;

export function isBadgeMetric(v: unknown): v is BadgeMetric {
  return typeof v === 'string' && Object.hasOwn(BADGE_METRICS, v);
}

/** The request a metric needs for a project and filters. */
export function badgeRequest(metric: BadgeMetric, filters: StatsFilters): StatsRequest {
  return { op: BADGE_METRICS[metric].op, filters };
}
