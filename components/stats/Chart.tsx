import { useEffect, useRef } from 'preact/hooks';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import type { ChartHandle, ChartOptions } from './uplot-chart.ts';

export interface ChartProps extends ChartOptions {
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
  useEffect(() => {
    let handle: ChartHandle | undefined;
    let dead = false;
    void import('./uplot-chart.ts').then(({ mountChart }) => {
      if (!dead && box.current) handle = mountChart(box.current, series, { height, kind, rightAxis });
    });
    return () => {
      dead = true;
      handle?.destroy();
    };
  }, [series, height, kind, rightAxis]);
  return (
    <figure class="chart" role="img" aria-label={label}>
      <div ref={box} class="chart-box" style={{ minHeight: `${(height ?? 140) + 28}px` }} />
    </figure>
  );
}
