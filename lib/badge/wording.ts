/**
 * The badge's words: the option that chooses it, its tooltip (the toolbar
 * button's title, which is also what a screen reader says of the button) and
 * the description under its choices name the days its figure covers, as
 * every view does (lib/stats/headline.ts): a level's latest complete day
 * (daily users, active holders), a stock at the end of the last complete day
 * (total holders), a total over the last N complete days (new holders); or,
 * its change, the last N complete days against the N before. Words only.
 * Text in the user's language, read when shown.
 */
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { comparesDailyMeans } from '@/lib/stats/change-sources.ts';
import { changeSpoken, type StatChange } from '@/lib/stats/change.ts';
import { figureCovers } from '@/lib/stats/headline.ts';
import { BADGE_METRICS, type BadgeMetric } from './metrics.ts';
import type { BadgeShows } from './setting.ts';

/**
 * What the badge shows, named with the days it covers. `days`: the length of the range's compared periods (null:
 * no complete day yet, the range's days so far); `covers`: the days of a figure already known, in words ("at the end
 * of Nov 26", coversText). "DApp users, the last complete day", "Total holders at the end of the last complete day",
 * "New holders, the last 30 complete days", "Total holders, at the end of Nov 26"; its change: "DApp users, the last
 * 30 complete days".
 */
export function badgeWhat(metric: BadgeMetric, show: BadgeShows, days: number | null, covers: string | null = null): string {
  const name = BADGE_METRICS[metric].label;
  if (show === 'change') return days === null ? name : t('badge.what.period', days, { metric: name, count: formatNumber(days) });
  if (covers !== null) return t('badge.what.covered', { metric: name, covers });
  if (days === null) return t('badge.what.soFar', { metric: name, soFar: t('stats.chart.todaySoFar') });
  switch (figureCovers(metric)) {
    case 'day':
      return t('badge.what.lastDay', { metric: name });
    case 'end':
      return t('badge.what.endOfLastDay', { metric: name });
    case 'days':
      return t('badge.what.period', days, { metric: name, count: formatNumber(days) });
    case 'now':
      return t('badge.what.now', { metric: name });
  }
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
