/**
 * A chart's text alternative: what a screen reader says for a canvas chart
 * (its span of days, and each series' lowest, highest and latest value).
 * The numbers day by day are in the chart's table view. Pure.
 */
import { formatDay, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** "30 days, Oct 2 to Oct 31. Users: lowest 1,204, highest 1,988, latest 1,830 on Oct 31; …" */
export function seriesSummary(ts: TimeSeries, locale?: string): string {
  const first = ts.x[0];
  const last = ts.x.at(-1);
  if (first === undefined || last === undefined) return t('stats.summary.noData');
  const day = (at: number) => formatDay(at, locale);
  const n = (v: number) => formatNumber(v, locale);
  const span = ts.x.length === 1
    ? t('stats.summary.oneDay', { day: day(first) })
    : t('stats.summary.days', { count: n(ts.x.length), first: day(first), last: day(last) });
  const parts = ts.series.map((s) => {
    const values = s.values.filter(known);
    const at = s.values.findLastIndex(known);
    if (!values.length || at < 0) return t('stats.summary.noValues', { label: s.label });
    return t('stats.summary.series', { label: s.label, low: n(Math.min(...values)), high: n(Math.max(...values)), latest: n(s.values[at]!), day: day(ts.x[at]!) });
  });
  // "; " between series: punctuation, the same in both languages.
  return t('stats.summary.text', { span, series: parts.join('; ') });
}
