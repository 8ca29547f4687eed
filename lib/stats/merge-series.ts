/**
 * A comparison's charts: two projects' series on one x axis. Apart from the
 * rest of lib/stats/compare.ts because every chart (the popup's too) goes
 * through it, while the popup has no use for the other comparison code. Pure.
 */
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import type { ComparedPair } from './compare.ts';

/** Appended to the compared project's series keys: `new` stays `new`, the other's is `new@compare`. */
export const COMPARED_KEY_SUFFIX = '@compare';

/** A series key without the compared project's suffix: what a chart option (its right axis) names. */
export function baseSeriesKey(key: string): string {
  return key.endsWith(COMPARED_KEY_SUFFIX) ? key.slice(0, -COMPARED_KEY_SUFFIX.length) : key;
}

export interface MergedSeries {
  /** Both projects' series on the union of their days: the primary's first, then the other's. */
  readonly series: TimeSeries;
  /** Index (in `series.series`) of the other project's first series. */
  readonly comparedFrom: number;
}

/**
 * Two projects' series on one x axis: every day either has, ascending; a day
 * one of them lacks is a gap (null) in its series, never a zero. Each series
 * is labelled by `label(seriesLabel, project)`, so the legend, the summary and
 * the table name both projects.
 */
export function mergeSeries(a: TimeSeries, b: TimeSeries, pair: ComparedPair, label: (series: string, project: string) => string): MergedSeries {
  const x = [...new Set([...a.x, ...b.x])].filter(Number.isFinite).sort((p, q) => p - q);
  const on = (ts: TimeSeries, values: readonly (number | null)[]) => {
    const at = new Map(ts.x.map((t, i) => [t, values[i] ?? null]));
    return x.map((t) => at.get(t) ?? null);
  };
  return {
    series: {
      x,
      series: [
        ...a.series.map((s) => ({ ...s, label: label(s.label, pair.primary), values: on(a, s.values) })),
        ...b.series.map((s) => ({ ...s, key: s.key + COMPARED_KEY_SUFFIX, label: label(s.label, pair.other), values: on(b, s.values) })),
      ],
    },
    comparedFrom: a.series.length,
  };
}
