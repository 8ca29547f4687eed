import type { BadgeMetric } from '@/lib/badge/metrics.ts';

/**
 * The badge wording tests' answers (the same in every language): daily users on two UTC days, the second
 * not over when the answer was fetched; holders with the service's "now", and without it.
 */
export const DAY1 = 1_700_006_400; // 2023-11-15 (UTC)
export const DAY2 = DAY1 + 86_400;
/** Noon on DAY2: DAY1 is the last complete day. */
export const FETCHED = (DAY2 + 43_200) * 1000;
export const DAILY = { dailyUsers: [{ timestamp: DAY1, numberOfUsers: 309, numberOfTransactions: 900 }, { timestamp: DAY2, numberOfUsers: 51, numberOfTransactions: 80 }] };
export const HOLDERS_NOW = { now: { active: 1830, new: 214, total: 48213 }, logs: { [DAY1]: { active: 1790, new: 12 } } };
export const HOLDERS_NO_NOW = { logs: { [DAY1]: { active: 1790, new: 40 }, [DAY2]: { active: 900, new: 5 } } };
export const METRICS: readonly BadgeMetric[] = ['dailyUsers', 'activeHolders', 'newHolders', 'totalHolders'];
