/**
 * A chart's text alternative: what a screen reader says for a canvas chart
 * (its span of days, and each series' lowest, highest and latest value).
 * The numbers day by day are in the chart's table view. Pure.
 */
import { formatDay, formatNumber } from '@/lib/format/number.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** "30 days, Oct 2 to Oct 31. Users: lowest 1,204, highest 1,988, latest 1,830 on Oct 31; …" */
export function seriesSummary(ts: TimeSeries, locale?: string): string {
  const first = ts.x[0];
  const last = ts.x.at(-1);
  if (first === undefined || last === undefined) return 'No data.';
  const day = (t: number) => formatDay(t, locale);
  const span = ts.x.length === 1 ? `1 day, ${day(first)}` : `${ts.x.length} days, ${day(first)} to ${day(last)}`;
  const parts = ts.series.map((s) => {
    const values = s.values.filter(known);
    const at = s.values.findLastIndex(known);
    if (!values.length || at < 0) return `${s.label}: no values`;
    const n = (v: number) => formatNumber(v, locale);
    return `${s.label}: lowest ${n(Math.min(...values))}, highest ${n(Math.max(...values))}, latest ${n(s.values[at]!)} on ${day(ts.x[at]!)}`;
  });
  return `${span}. ${parts.join('; ')}.`;
}
