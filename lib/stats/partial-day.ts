/**
 * The day not over yet. The service counts in UTC days (the sandbox buckets
 * events by UTC day, and daily points sit at UTC midnight): a daily point at
 * t covers [t, t + 1 day). An answer fetched before a point's day was over
 * holds only part of that day: a last point that looks like a drop, or a
 * "latest day" that is not a day. Which days are partial depends on when the
 * answer was fetched (its cache entry's storedAt), not on when it is looked
 * at: yesterday's answer fetched yesterday is partial for yesterday. Pure:
 * every clock is passed in.
 */
import type { TimeSeries } from '@/lib/normalize/normalize.ts';

export const DAY_SECONDS = 86_400;

/** Whether the day starting at `dayStart` (Unix seconds) was not over at `asOfMs` (epoch ms). */
export function isPartialDay(dayStart: number, asOfMs: number): boolean {
  return asOfMs < (dayStart + DAY_SECONDS) * 1000;
}

/**
 * The index of the first point whose day was not over at `asOfMs`, or null
 * when every day was. Only trailing points can be (x ascends).
 */
export function partialFrom(x: readonly number[], asOfMs: number): number | null {
  let i = x.length;
  while (i > 0 && isPartialDay(x[i - 1]!, asOfMs)) i--;
  return i === x.length ? null : i;
}

/** Whether two instants fall on one UTC day. */
export function sameUtcDay(aMs: number, bMs: number): boolean {
  return Math.floor(aMs / (DAY_SECONDS * 1000)) === Math.floor(bMs / (DAY_SECONDS * 1000));
}

/** How a partial day is named: "today so far" while it is still today, else the day and the time the answer was fetched. */
export type PartialDayName = { readonly today: true } | { readonly today: false; readonly day: number; readonly until: number };

export function partialDayName(dayStart: number, asOfMs: number, nowMs: number): PartialDayName {
  return sameUtcDay(dayStart * 1000, nowMs) && sameUtcDay(asOfMs, nowMs) ? { today: true } : { today: false, day: dayStart, until: asOfMs };
}

export interface SplitSeries {
  /** The days that were over: the partial points set to null. */
  readonly complete: TimeSeries;
  /**
   * The partial points, and the last complete one before them (so a line
   * can join them), every other point null; null when no day is partial.
   */
  readonly partial: TimeSeries | null;
  /** Index of the first partial point, or null. */
  readonly from: number | null;
}

/**
 * A series cut at its first partial point (`partialFrom`; null: none is partial): for a chart that draws
 * the partial days apart.
 */
export function splitAt(ts: TimeSeries, from: number | null): SplitSeries {
  if (from === null) return { complete: ts, partial: null, from };
  const keep = (lo: number, hi: number) => (values: readonly (number | null)[]) => values.map((v, i) => (i >= lo && i < hi ? v : null));
  const before = keep(0, from);
  const after = keep(Math.max(0, from - 1), ts.x.length);
  return {
    complete: { x: ts.x, series: ts.series.map((s) => ({ ...s, values: before(s.values) })) },
    partial: { x: ts.x, series: ts.series.map((s) => ({ ...s, values: after(s.values) })) },
    from,
  };
}

// ---- the latest point of a series ----

export interface LatestPoint {
  /** Unix seconds of the latest x with any value. */
  readonly time: number;
  /** Each series' value at that time, by series key. */
  readonly values: Readonly<Record<string, number | null>>;
  /** Its day was not over when the answer was fetched (lib/stats/partial-day.ts): a part of a day. */
  readonly partial: boolean;
}

/** The last point before index `end` that carries any value. */
function lastPointBefore(ts: TimeSeries, end: number, asOfMs: number | undefined): LatestPoint | null {
  for (let i = end - 1; i >= 0; i--) {
    if (ts.series.some((s) => s.values[i] !== null && s.values[i] !== undefined)) {
      const time = ts.x[i]!;
      return {
        time,
        values: Object.fromEntries(ts.series.map((s) => [s.key, s.values[i] ?? null])),
        partial: asOfMs !== undefined && isPartialDay(time, asOfMs),
      };
    }
  }
  return null;
}

/**
 * The last point of a series that carries any value, or null for an empty
 * series; with `asOfMs` (when the answer was fetched) it says whether that
 * point's day was over then.
 */
export function latestPoint(ts: TimeSeries, asOfMs?: number): LatestPoint | null {
  return lastPointBefore(ts, ts.x.length, asOfMs);
}

/**
 * The last point whose day was over when the answer was fetched: what a
 * "latest day" figure, or any day-over-day comparison, stands on.
 */
export function latestCompletePoint(ts: TimeSeries, asOfMs: number): LatestPoint | null {
  return lastPointBefore(ts, partialFrom(ts.x, asOfMs) ?? ts.x.length, asOfMs);
}
