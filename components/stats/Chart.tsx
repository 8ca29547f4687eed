import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n/index.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { seriesSummary, type PartialDays } from '@/lib/stats/chart-summary.ts';
import { lazy } from '@/components/ui/lazy.tsx';
import { partialFrom } from '@/lib/stats/partial-day.ts';
import { useAsOf, useDayNotOverText } from './partial-day.ts';
import type { ChartHandle, ChartOptions } from './uplot-chart.ts';
import { useComparedSeries } from './compared-chart.ts';

export interface ChartProps extends Omit<ChartOptions, 'partial' | 'comparedFrom'> {
  readonly series: TimeSeries;
  /** What the chart shows, for screen readers. */
  readonly label: string;
  /** In a comparison, the other project's series of the same measures: drawn over these (compared-chart.ts). */
  readonly compare?: TimeSeries | null;
}

const ChartTable = lazy(() => import('./ChartTable.tsx').then((m) => m.ChartTable));

/**
 * The one chart component: uPlot, loaded on first use so the popup's first
 * paint of cached numbers does not wait for it, sized to its container. The
 * canvas is an image named by a summary (span, lowest, highest, latest); the
 * numbers day by day are a table behind "Show as table".
 */
export function Chart({ series: own, label: ownLabel, height, kind, rightAxis, compare }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const tableId = useId();
  const [table, setTable] = useState(false);
  // In a comparison: both projects on one x axis, each series named with its project, and the label naming both.
  const compared = useComparedSeries(own, compare ?? null, ownLabel);
  const { series, label, comparedFrom } = useMemo(() => compared ?? { series: own, label: ownLabel, comparedFrom: undefined }, [compared, own, ownLabel]);
  // Inside a block: its answer's time decides which day is partial (in a comparison, the earlier of the two answers').
  const ownAsOf = useAsOf();
  const asOf = compared ? compared.asOf : ownAsOf;
  const partialText = useDayNotOverText(series.x.at(-1));
  // One answer for the canvas, the legend, the summary and the table: which days were not over, and their name.
  const from = asOf === null ? null : partialFrom(series.x, asOf);
  const partial: PartialDays | null = from === null || partialText === null ? null : { from, text: partialText };
  useEffect(() => {
    let handle: ChartHandle | undefined;
    let dead = false;
    void import('./uplot-chart.ts').then(({ mountChart }) => {
      if (!dead && box.current) handle = mountChart(box.current, series, { height, kind, rightAxis, partial, comparedFrom });
    });
    return () => {
      dead = true;
      handle?.destroy();
    };
    // `partial` is a new object each render: its two fields say whether it changed.
  }, [series, height, kind, rightAxis, comparedFrom, partial?.from, partial?.text]);
  return (
    <figure class="chart" data-compared={comparedFrom === undefined ? undefined : ''}>
      <div ref={box} class="chart-box" role="img" aria-label={`${label}. ${seriesSummary(series, partial)}`} style={{ minHeight: `${(height ?? 140) + 28}px` }} />
      <button type="button" class="link chart-table-toggle" data-chart-table aria-expanded={table} aria-controls={tableId} onClick={() => setTable(!table)}>
        {table ? t('stats.chart.hideTable') : t('stats.chart.showTable')}
      </button>
      <div id={tableId}>{table && <ChartTable series={series} label={label} partial={partial} />}</div>
    </figure>
  );
}
