/**
 * The badge's words: the option that chooses it, its tooltip (the toolbar
 * button's title, which is also what a screen reader says of the button) and
 * the description under its choices name the day or the period its figure
 * stands on, following the mode: a number stands on the last complete day
 * (daily users) or is the service's figure now (holders); a change compares
 * the last N complete days with the N before. Words only: the figures are
 * the metrics' own (./metrics.ts, lib/stats). Text in the user's language,
 * read when shown.
 */
import { formatDay, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { comparesDailyMeans } from '@/lib/stats/change-sources.ts';
import { changeSpoken, type StatChange } from '@/lib/stats/change.ts';
import { normalize } from '@/lib/stats/operation-views.ts';
import { holderFigures, latestCompletePoint } from '@/lib/stats/view-models.ts';
import { BADGE_METRICS, type BadgeMetric } from './metrics.ts';
import type { BadgeShows } from './setting.ts';

/** What a metric's number stands on, shown as a number: a day's figure, or the service's figure now. */
const STANDS_ON: Readonly<Record<BadgeMetric, 'day' | 'now'>> = { dailyUsers: 'day', activeHolders: 'now', newHolders: 'now', totalHolders: 'now' };

/**
 * What the badge shows, named with its day or period: "DApp users, the last complete day", "Total holders now",
 * "DApp users on Nov 26, the latest complete day" (`day`, day-start seconds, where the tooltip knows it), or, its
 * change, "DApp users, the last 30 complete days" (`days`: the compared periods' length; null: none complete yet).
 */
export function badgeWhat(metric: BadgeMetric, show: BadgeShows, days: number | null, day: number | null = null): string {
  const name = BADGE_METRICS[metric].label;
  if (show === 'change') return days === null ? name : t('badge.what.period', days, { metric: name, count: formatNumber(days) });
  if (day !== null) return t('badge.what.onDay', { metric: name, day: formatDay(day) });
  return STANDS_ON[metric] === 'day' ? t('badge.what.lastDay', { metric: name }) : t('badge.what.now', { metric: name });
}

/** The choice between the number and its change, the change naming the period it is against. */
export function badgeShowLabel(show: BadgeShows, days: number | null): string {
  if (show === 'value') return t('stats.tools.badgeShowValue');
  return days === null ? t('stats.tools.badgeShowChange') : t('badge.showChange', days, { count: formatNumber(days) });
}

/** The sentence under the badge's choices, which they name as their description: project, what, period, schedule. */
export function badgeDescription(metric: BadgeMetric, show: BadgeShows, days: number | null, project: string, minutes: number): string {
  const what = badgeWhat(metric, show, days);
  const every = formatNumber(minutes);
  if (show === 'change' && days !== null) return t('badge.describeChange', days, { project, what, count: formatNumber(days), minutes: every });
  return t('badge.describe', { project, what, minutes: every });
}

/** The tooltip: the brand, the project, what the badge shows, and what is said of it (the exact number, the change, or why none). */
export function badgeTitle(brand: string, project: string, what: string, said: string): string {
  return t('badge.title', { brand, project, what, said });
}

/** A change in words; where it compares the periods' means per day (a level such as daily users), it says so, as the popup does on hover. */
export function badgeChangeWords(metric: BadgeMetric, change: StatChange, days: number): string {
  const spoken = changeSpoken(change, days);
  const numeric = change.kind === 'relative' || change.kind === 'points';
  return numeric && days > 1 && comparesDailyMeans(metric) ? t('stats.change.perDay', { change: spoken }) : spoken;
}

/**
 * The day (day-start seconds) a number stands on, read from the answer it was read from (fetched at `asOfMs`),
 * as the metric's reader picks it (lib/stats/metrics.ts): the latest complete day of daily users, the day that
 * stands in for holders' missing "now"; null where the figure is the service's figure now, or there is none.
 */
export function figureDay(metric: BadgeMetric, body: unknown, asOfMs: number): number | null {
  if (metric === 'dailyUsers') return latestCompletePoint(normalize('dailyUsers', body).series, asOfMs)?.time ?? null;
  if (metric === 'activeHolders' || metric === 'newHolders') return holderFigures(normalize('holderChange', body), asOfMs).day;
  return null;
}
