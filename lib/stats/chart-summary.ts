/**
 * A chart's text alternative: what a screen reader says for a canvas chart
 * (its span of days, and each series' lowest, highest and latest value).
 * The numbers day by day are in the chart's table view. A day not over when
 * the answer was fetched is said apart, as the chart draws it apart: it is
 * neither a series' lowest nor its latest complete value. Pure.
 */
import { formatDay, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** The days not over (lib/stats/partial-day.ts): the first one's index, and how such a day is said ("today so far"). */
export interface PartialDays {
  readonly from: number;
  readonly text: string;
}

/** A series day as said in a chart's legend, table and summary: "Nov 26", or "Nov 26, today so far". */
export function chartDayName(ts: TimeSeries, i: number, partial: PartialDays | null, locale?: string): string {
  const day = formatDay(ts.x[i]!, locale);
  return partial && i >= partial.from ? t('stats.chart.partialDay', { day, partial: partial.text }) : day;
}

/**
 * "30 days, Oct 2 to Oct 31. Users: lowest 1,204, highest 1,988, latest 1,830 on Oct 31; …", and with a
 * partial day: "… latest 1,830 on Oct 31 (complete days), Nov 1, today so far: 412; …".
 */
export function seriesSummary(ts: TimeSeries, partial: PartialDays | null = null, locale?: string): string {
  const first = ts.x[0];
  const last = ts.x.at(-1);
  if (first === undefined || last === undefined) return t('stats.summary.noData');
  const day = (at: number) => formatDay(at, locale);
  const n = (v: number) => formatNumber(v, locale);
  const span = ts.x.length === 1
    ? t('stats.summary.oneDay', { day: day(first) })
    : t('stats.summary.days', { count: n(ts.x.length), first: day(first), last: day(last) });
  const end = partial?.from ?? ts.x.length;
  const parts = ts.series.map((s) => {
    const complete = s.values.slice(0, end);
    const values = complete.filter(known);
    const at = complete.findLastIndex(known);
    const later = s.values.findLastIndex(known);
    const partialValue = partial && later >= end ? { partialDay: chartDayName(ts, later, partial, locale), partialValue: n(s.values[later]!) } : null;
    if (!values.length || at < 0) return partialValue ? t('stats.summary.partialOnly', { label: s.label, ...partialValue }) : t('stats.summary.noValues', { label: s.label });
    const whole = { label: s.label, low: n(Math.min(...values)), high: n(Math.max(...values)), latest: n(s.values[at]!), day: day(ts.x[at]!) };
    return partialValue ? t('stats.summary.seriesPartial', { ...whole, ...partialValue }) : t('stats.summary.series', whole);
  });
  // "; " between series: punctuation, the same in both languages.
  return t('stats.summary.text', { span, series: parts.join('; ') });
}
