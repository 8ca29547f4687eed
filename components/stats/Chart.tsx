import { useEffect, useRef } from 'preact/hooks';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { partialDayName } from '@/lib/stats/partial-day.ts';
import { useNow } from './context.ts';
import { partialDayText, useAsOf } from './partial-day.ts';
import type { ChartHandle, ChartOptions } from './uplot-chart.ts';

export interface ChartProps extends Omit<ChartOptions, 'asOf' | 'partialText'> {
  readonly series: TimeSeries;
  /** What the chart shows, for screen readers. */
  readonly label: string;
}

/**
 * The one chart component: uPlot, loaded on first use so the popup's first
 * paint of cached numbers does not wait for it, sized to its container.
 */
export function Chart({ series, label, height, kind, rightAxis }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // Inside a block: its answer's time decides which day is partial.
  const asOf = useAsOf() ?? undefined;
  const now = useNow();
  const lastDay = series.x.at(-1);
  const partialText = asOf === undefined || lastDay === undefined ? undefined : partialDayText(partialDayName(lastDay, asOf, now));
  useEffect(() => {
    let handle: ChartHandle | undefined;
    let dead = false;
    void import('./uplot-chart.ts').then(({ mountChart }) => {
      if (!dead && box.current) handle = mountChart(box.current, series, { height, kind, rightAxis, asOf, partialText });
    });
    return () => {
      dead = true;
      handle?.destroy();
    };
  }, [series, height, kind, rightAxis, asOf, partialText]);
  return (
    <figure class="chart" role="img" aria-label={label}>
      <div ref={box} class="chart-box" style={{ minHeight: `${(height ?? 140) + 28}px` }} />
    </figure>
  );
}
