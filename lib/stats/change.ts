/**
 * A headline number's change against the previous equal period
 * (lib/stats/periods.ts), and how it is said. A count changes by a
 * percentage of what it was; a share (0..1) by percentage points, since a
 * percentage of a percentage misleads. No earlier figure, or an earlier
 * zero, has no percentage: it is said so, never as +∞ or 0 %. Pure apart
 * from reading messages in the user's language.
 */
import { formatNumber, formatPercent, formatSignedNumber, formatSignedPercent } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { inPeriod, type DayPeriod } from './periods.ts';

export type ChangeDirection = 'up' | 'down' | 'flat';
export type ChangeUnit = 'count' | 'share';

/**
 * Why a figure has no value, said as its cause: the field is not in the service's answer ('missing'), the
 * service sent it as null or as no number ('unknown'), or no day of the figure's days has a value ('no-days').
 */
export type FigureGap = 'missing' | 'unknown' | 'no-days';

export type StatChange =
  /** The earlier period's figure is not known (no data then, or the service did not say). */
  | { readonly kind: 'no-earlier' }
  /** The picked range holds no complete day yet (today alone): nothing is compared. */
  | { readonly kind: 'no-complete-day' }
  /** Days are complete, but the current figure is not known, for `why` (absent in states stored by 0.3.0 builds). */
  | { readonly kind: 'no-current'; readonly why?: FigureGap }
  /** The number has no history: a snapshot (e.g. the balance distribution). */
  | { readonly kind: 'snapshot' }
  /** A period's answer could not be had (the service failed): unknown, not "no data". */
  | { readonly kind: 'failed' }
  /** The earlier figure was 0: a change with no percentage. */
  | { readonly kind: 'from-zero'; readonly direction: ChangeDirection; readonly current: number }
  /** `ratio`: (current − previous) / |previous|, for counts. */
  | { readonly kind: 'relative'; readonly direction: ChangeDirection; readonly ratio: number }
  /** `points`: current − previous of a share (0.021 = 2.1 percentage points). */
  | { readonly kind: 'points'; readonly direction: ChangeDirection; readonly points: number };

/** Below this a change shows as 0.0 (one decimal of a percent, or of a point): it is flat. */
const FLAT = 0.0005;

function direction(delta: number): ChangeDirection {
  return Math.abs(delta) < FLAT ? 'flat' : delta > 0 ? 'up' : 'down';
}

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** The change from `previous` to `current` (both of one unit); null figures are unknown ones. */
export function computeChange(current: number | null | undefined, previous: number | null | undefined, unit: ChangeUnit = 'count'): StatChange {
  if (!known(current)) return { kind: 'no-current' };
  if (!known(previous)) return { kind: 'no-earlier' };
  if (unit === 'share') {
    const points = current - previous;
    return { kind: 'points', direction: direction(points), points };
  }
  if (previous === 0) return { kind: 'from-zero', direction: current === 0 ? 'flat' : current > 0 ? 'up' : 'down', current };
  const ratio = (current - previous) / Math.abs(previous);
  return { kind: 'relative', direction: direction(ratio), ratio };
}

/** How a period's days make one figure: a total (new holders, rewards) or a mean per day (active holders, daily users). */
export type Aggregate = 'sum' | 'mean';

/** One value per UTC day (the shape of lib/stats/metrics.ts's `daily`). */
export interface DaySeries {
  readonly x: readonly number[];
  readonly values: readonly (number | null)[];
}

/**
 * A period's figure from a daily series: the sum or mean of its days that
 * have a value; null when none has (the service sent no day of it).
 */
export function periodFigure(series: DaySeries, p: DayPeriod, how: Aggregate): number | null {
  let sum = 0;
  let n = 0;
  series.x.forEach((x, i) => {
    const v = series.values[i];
    if (known(v) && inPeriod(x, p)) {
      sum += v;
      n++;
    }
  });
  if (n === 0) return null;
  return how === 'sum' ? sum : sum / n;
}

/** The direction a change shows, or null when it has none to show. */
export function changeDirection(c: StatChange): ChangeDirection | null {
  return c.kind === 'relative' || c.kind === 'points' || c.kind === 'from-zero' ? c.direction : null;
}

// The words of each cause (keys: read in the user's language when said).
const NO_CURRENT_SHORT = { missing: 'stats.change.missingShort', unknown: 'stats.change.unknownShort', 'no-days': 'stats.change.noDaysShort' } as const;
const NO_CURRENT = { missing: 'stats.change.missing', unknown: 'stats.change.unknown', 'no-days': 'stats.change.noDays' } as const;

/** The short text beside the number: "+4.2%", "-3.1%", "0%", "+2.1 pts", "from 0", "no earlier data". */
export function changeShort(c: StatChange): string {
  switch (c.kind) {
    case 'relative':
      return formatSignedPercent(c.direction === 'flat' ? 0 : c.ratio);
    case 'points':
      return t('stats.change.pointsShort', { points: formatSignedPoints(c.direction === 'flat' ? 0 : c.points) });
    case 'from-zero':
      return c.direction === 'flat' ? formatSignedPercent(0) : t('stats.change.fromZeroShort');
    case 'no-earlier':
      return t('stats.change.noEarlierShort');
    case 'no-complete-day':
      return t('stats.change.noCompleteDayShort');
    case 'no-current':
      return t(NO_CURRENT_SHORT[c.why ?? 'unknown']);
    case 'snapshot':
      return t('stats.change.snapshotShort');
    case 'failed':
      return t('stats.change.failedShort');
  }
}

/** A share's difference (0.021) in percentage points with their sign: "+2.1". */
function formatSignedPoints(points: number): string {
  return formatSignedNumber(points * 100);
}

/**
 * The whole change in words, for screen readers and tooltips: "up 4.2% from
 * the 30 days before", "down 1.5 percentage points from the 7 days before",
 * "no earlier data to compare with".
 */
export function changeSpoken(c: StatChange, days: number): string {
  const n = { count: formatNumber(days) };
  switch (c.kind) {
    case 'relative': {
      const percent = formatPercent(Math.abs(c.ratio));
      if (c.direction === 'flat') return t('stats.change.flat', days, n);
      return c.direction === 'up' ? t('stats.change.up', days, { ...n, percent }) : t('stats.change.down', days, { ...n, percent });
    }
    case 'points': {
      const points = formatNumber(Math.round(Math.abs(c.points) * 1000) / 10);
      if (c.direction === 'flat') return t('stats.change.flat', days, n);
      return c.direction === 'up' ? t('stats.change.upPoints', days, { ...n, points }) : t('stats.change.downPoints', days, { ...n, points });
    }
    case 'from-zero':
      return c.direction === 'flat' ? t('stats.change.flat', days, n) : t('stats.change.fromZero', days, { ...n, value: formatNumber(c.current) });
    case 'no-earlier':
      return t('stats.change.noEarlier');
    case 'no-complete-day':
      return t('stats.change.noCompleteDay');
    case 'no-current':
      return t(c.why === undefined ? 'stats.change.noCurrent' : NO_CURRENT[c.why]);
    case 'snapshot':
      return t('stats.change.snapshot');
    case 'failed':
      return t('stats.change.failed');
  }
}
