/**
 * A chart in a comparison: the other project's series drawn over the first's
 * on one x axis (lib/stats/compare.ts), every series named with its project
 * ("Users (nebula)", "Users (tidal)"), so the legend, the text alternative and
 * the table name both; the chart's own label names both too. Its days not
 * over are judged at the earlier of the two answers' times: a day is drawn
 * whole only when it was over for both.
 */
import { useMemo } from 'preact/hooks';
import { t } from '@/lib/i18n/index.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { mergeSeries } from '@/lib/stats/merge-series.ts';
import { useCompare, useComparedAsOf } from './compare-context.ts';
import { useAsOf } from './partial-day.ts';

export interface ComparedSeries {
  readonly series: TimeSeries;
  readonly label: string;
  /** Index of the other project's first series: drawn in its own colours and dashed (uplot-chart.ts). */
  readonly comparedFrom: number;
  readonly asOf: number | null;
}

/** Both projects' series as one chart's, or null outside a comparison or without the other's series. */
export function useComparedSeries(own: TimeSeries, other: TimeSeries | null, label: string): ComparedSeries | null {
  const cmp = useCompare();
  const ownAsOf = useAsOf();
  const otherAsOf = useComparedAsOf();
  const primary = cmp?.pair.primary;
  const compared = cmp?.pair.other;
  return useMemo(() => {
    if (primary === undefined || compared === undefined || !other) return null;
    const merged = mergeSeries(own, other, { primary, other: compared }, (series, project) => t('stats.compare.series', { series, project }));
    const asOf = ownAsOf === null || otherAsOf === null ? (ownAsOf ?? otherAsOf) : Math.min(ownAsOf, otherAsOf);
    return { ...merged, label: t('stats.compare.chartLabel', { label, primary, other: compared }), asOf };
  }, [primary, compared, own, other, label, ownAsOf, otherAsOf]);
}
