import { storage } from 'wxt/utils/storage';
import type { StatsFilters } from '@/lib/stats/query.ts';
import { isBadgeMetric, type BadgeMetric } from './metrics.ts';

/** The toolbar badge: off by default; when on, which number for which project. */
export type BadgeSetting =
  | { readonly metric: 'off' }
  | { readonly metric: BadgeMetric; readonly filters: StatsFilters; readonly periodMinutes: number; readonly show?: BadgeShows };

/** The number itself (the default, and what older builds stored), or its change against the previous period. */
export type BadgeShows = 'value' | 'change';

export const BADGE_OFF: BadgeSetting = Object.freeze({ metric: 'off' });
export const DEFAULT_BADGE_PERIOD_MINUTES = 30;

export const badgeSettingItem = storage.defineItem<BadgeSetting>('local:badge', { fallback: BADGE_OFF });

/** Whether a stored value is a badge setting this build can run (storage migrations check it). */
export function isBadgeSetting(v: unknown): v is BadgeSetting {
  const b = v as { metric?: unknown; filters?: { project?: unknown } | null; periodMinutes?: unknown; show?: unknown } | null;
  if (typeof b !== 'object' || b === null) return false;
  if (b.metric === 'off') return true;
  return isBadgeMetric(b.metric) && typeof b.filters === 'object' && b.filters !== null && typeof b.filters.project === 'string'
    && typeof b.periodMinutes === 'number' && Number.isFinite(b.periodMinutes) && b.periodMinutes > 0
    && (b.show === undefined || b.show === 'value' || b.show === 'change');
}
