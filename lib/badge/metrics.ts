/**
 * The numbers the toolbar badge can show, each read from one stats
 * operation's normalized view. Pure.
 */
import { t } from '@/lib/i18n/index.ts';
import { normalize } from '@/lib/stats/operation-views.ts';
import type { StatsFilters, StatsRequest } from '@/lib/stats/query.ts';
import { latestPoint } from '@/lib/stats/view-models.ts';

export const BADGE_METRICS = {
  dailyUsers: {
    // Getters: the label is read in the user's language when shown, not when this module loads.
    get label() {
      return t('badge.metric.dailyUsers');
    },
    op: 'dailyUsers',
    read: (body: unknown) => latestPoint(normalize('dailyUsers', body).series)?.values.users ?? null,
  },
  activeHolders: {
    get label() {
      return t('badge.metric.activeHolders');
    },
    op: 'holderChange',
    read: (body: unknown) => normalize('holderChange', body).now.active,
  },
  newHolders: {
    get label() {
      return t('badge.metric.newHolders');
    },
    op: 'holderChange',
    read: (body: unknown) => normalize('holderChange', body).now.new,
  },
  totalHolders: {
    get label() {
      return t('badge.metric.totalHolders');
    },
    op: 'holderChange',
    read: (body: unknown) => normalize('holderChange', body).now.total,
  },
} as const;

export type BadgeMetric = keyof typeof BADGE_METRICS;

export function isBadgeMetric(v: unknown): v is BadgeMetric {
  return typeof v === 'string' && Object.hasOwn(BADGE_METRICS, v);
}

/** The request a metric needs for a project and filters. */
export function badgeRequest(metric: BadgeMetric, filters: StatsFilters): StatsRequest {
  return { op: BADGE_METRICS[metric].op, filters };
}
