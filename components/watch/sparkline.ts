/**
 * A watched address's score history as a tiny uPlot line: no axes, no
 * legend, no cursor; the line in the theme's first chart colour, redrawn
 * when the colour scheme flips (canvas does not follow CSS).
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ScorePoint } from '@/lib/watch/watchlist.ts';

export interface SparklineHandle {
  destroy(): void;
}

export const SPARK_SIZE = { width: 84, height: 24 };

function options(el: HTMLElement, count: number): uPlot.Options {
  const stroke = getComputedStyle(el).getPropertyValue('--chart-1').trim() || '#3d5afe';
  return {
    ...SPARK_SIZE,
    padding: [3, 3, 3, 3],
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false } },
    axes: [{ show: false }, { show: false }],
    series: [{}, { stroke, width: 1.5, points: { show: count <= 1, size: 4, fill: stroke } }],
  };
}

export function mountSparkline(el: HTMLElement, points: readonly ScorePoint[]): SparklineHandle {
  const data: uPlot.AlignedData = [points.map(([at]) => at), points.map(([, s]) => s)];
  let plot = new uPlot(options(el, points.length), data, el);
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  const recolour = () => {
    plot.destroy();
    plot = new uPlot(options(el, points.length), data, el);
  };
  scheme.addEventListener('change', recolour);
  return {
    destroy() {
      scheme.removeEventListener('change', recolour);
      plot.destroy();
    },
  };
}
