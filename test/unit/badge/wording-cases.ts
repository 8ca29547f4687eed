import type { BadgeMetric } from '@/lib/badge/metrics.ts';

/** The badge wording tests' metrics and answers (the same in every language). */
const DAY1 = 1_700_006_400; // 2023-11-15 (UTC)
/** Holders with the service's "now". */
export const HOLDERS_NOW = { now: { active: 1830, new: 214, total: 48213 }, logs: { [DAY1]: { active: 1790, new: 12 } } };
export const METRICS: readonly BadgeMetric[] = ['dailyUsers', 'activeHolders', 'newHolders', 'totalHolders'];
