import { storage } from 'wxt/utils/storage';
import type { StatsFilters } from '@/lib/stats/query.ts';
import type { BadgeMetric } from './metrics.ts';

/** The toolbar badge: off by default; when on, which number for which project. */
export type BadgeSetting =
  | { readonly metric: 'off' }
  | { readonly metric: BadgeMetric; readonly filters: StatsFilters; readonly periodMinutes: number };

export const BADGE_OFF: BadgeSetting = Object.freeze({ metric: 'off' });
export const DEFAULT_BADGE_PERIOD_MINUTES = 30;

export const badgeSettingItem = storage.defineItem<BadgeSetting>('local:badge', { fallback: BADGE_OFF });
