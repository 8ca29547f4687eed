/**
 * The single numbers a user can follow outside the popup (the toolbar badge,
 * metric alerts), each read from one stats operation's normalized view.
 * `current` is the figure the popup's block shows; `daily`, where the
 * operation answers a series, is the same number per UTC day (the last day
 * may still be under way). Pure.
 */
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { t } from '@/lib/i18n/index.ts';
import { normalize } from '@/lib/stats/operation-views.ts';
import { holderFigures } from '@/lib/stats/view-models.ts';
import { latestCompletePoint } from '@/lib/stats/partial-day.ts';
import { CHANGE_SOURCES } from './change-sources.ts';

/** One value per UTC day: `x` day-start Unix seconds, ascending. */
export interface DailyValues {
  readonly x: readonly number[];
  readonly values: readonly (number | null)[];
}

export interface StatMetric {
  /** In the user's language (read at display time). */
  readonly label: string;
  readonly op: DataOperationId;
  /** The popup/dashboard block that shows it (its `data-block`), and that block's section. */
  readonly block: string;
  readonly section: 'holders' | 'dapp-users' | 'audience';
  /** 'share': a fraction 0..1, written as a percentage. */
  readonly unit: 'count' | 'share';
  /**
   * Read from an answer fetched at `asOfMs` (its cache entry's storedAt): a
   * latest-day figure stands on the last day that was over then, and a
   * holder answer without `now` falls back as the popup does (holderFigures).
   */
  readonly current: (body: unknown, asOfMs: number) => number | null;
  readonly daily?: (body: unknown) => DailyValues;
}

// Labels are getters: read in the user's language when shown, not when this module loads.
export const STAT_METRICS = {
  activeHolders: {
    get label() { return t('stats.metric.activeHolders'); },
    op: 'holderChange', block: 'holders', section: 'holders', unit: 'count',
    current: (body, asOf) => holderFigures(normalize('holderChange', body), asOf).active,
    daily: CHANGE_SOURCES.activeHolders.daily,
  },
  newHolders: {
    get label() { return t('stats.metric.newHolders'); },
    op: 'holderChange', block: 'holders', section: 'holders', unit: 'count',
    current: (body, asOf) => holderFigures(normalize('holderChange', body), asOf).new,
    daily: CHANGE_SOURCES.newHolders.daily,
  },
  totalHolders: {
    get label() { return t('stats.metric.totalHolders'); },
    op: 'holderChange', block: 'holders', section: 'holders', unit: 'count',
    current: (body) => normalize('holderChange', body).now.total,
  },
  whales: {
    get label() { return t('stats.metric.whales'); },
    op: 'tokenBalanceDistribution', block: 'balance', section: 'holders', unit: 'count',
    current: CHANGE_SOURCES.whales.value,
  },
  dailyUsers: {
    get label() { return t('stats.metric.dailyUsers'); },
    op: 'dailyUsers', block: 'daily-users', section: 'dapp-users', unit: 'count',
    current: (body, asOf) => latestCompletePoint(normalize('dailyUsers', body).series, asOf)?.values.users ?? null,
    daily: CHANGE_SOURCES.dailyUsers.daily,
  },
  dailyTransactions: {
    get label() { return t('stats.metric.dailyTransactions'); },
    op: 'dailyUsers', block: 'daily-users', section: 'dapp-users', unit: 'count',
    current: (body, asOf) => latestCompletePoint(normalize('dailyUsers', body).series, asOf)?.values.transactions ?? null,
    daily: CHANGE_SOURCES.dailyTransactions.daily,
  },
  returningShare: {
    get label() { return t('stats.metric.returningShare'); },
    op: 'userInbounce', block: 'inbounce', section: 'audience', unit: 'share',
    current: CHANGE_SOURCES.returningShare.value,
  },
} as const satisfies Record<string, StatMetric>;

export type StatMetricId = keyof typeof STAT_METRICS;

export function isStatMetric(v: unknown): v is StatMetricId {
  return typeof v === 'string' && Object.hasOwn(STAT_METRICS, v);
}

export function statMetric(id: StatMetricId): StatMetric {
  return STAT_METRICS[id];
}
