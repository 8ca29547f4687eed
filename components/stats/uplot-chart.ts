/**
 * uPlot behind a small handle: colours from the theme's CSS variables
 * (rebuilt when the colour scheme flips: axes and grid are canvas, not CSS),
 * width from the container (ResizeObserver), a live legend with people's
 * numbers, UTC days on the x axis.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCompact, formatDay, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { toAlignedData, type TimeSeries } from '@/lib/normalize/normalize.ts';

export interface ChartOptions {
  readonly height?: number;
  readonly kind?: 'line' | 'bars';
  /** Key of a series drawn against its own axis on the right (a much smaller or larger measure). */
  readonly rightAxis?: string;
}

export interface ChartHandle {
  destroy(): void;
}

const PALETTE = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5'];

function themeColours(el: Element) {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    series: PALETTE.map((p, i) => v(p, ['#3d5afe', '#00a39a', '#e0761a', '#b03ea8', '#6b7a00'][i]!)),
    grid: v('--chart-grid', 'rgba(0,0,0,0.08)'),
    text: v('--fg-muted', '#5b6270'),
  };
}

const fromZero: uPlot.Range.Function = (_u, min, max) => uPlot.rangeNum(Math.min(0, min ?? 0), max ?? 1, 0.1, true);

function options(el: HTMLElement, ts: TimeSeries, o: ChartOptions): uPlot.Options {
  const c = themeColours(el);
  const height = o.height ?? 140;
  const axis = (scale: string, side?: number): uPlot.Axis => ({
    scale,
    // Only when set: an explicit undefined would override uPlot's default side.
    ...(side === undefined ? {} : { side }),
    stroke: c.text,
    grid: { stroke: c.grid, width: 1, show: side === undefined },
    ticks: { stroke: c.grid, width: 1 },
    size: 48,
    values: scale === 'x' ? undefined : (_u, splits) => splits.map((s) => formatCompact(s)),
  });
  const bars = o.kind === 'bars' ? uPlot.paths.bars!({ size: [0.7, 24] }) : undefined;
  return {
    width: Math.max(120, el.clientWidth),
    height,
    // Series days are UTC days: label them as such whatever the user's zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false }, points: { size: 6 } },
    legend: { live: true },
    // Counts and amounts: from zero (bars must be), topped at a round number so the top tick shows.
    scales: { x: { time: true }, y: { range: fromZero }, y2: { range: fromZero } },
    axes: [
      { ...axis('x'), grid: { stroke: c.grid, width: 1 } },
      axis('y'),
      ...(o.rightAxis ? [axis('y2', 1)] : []),
    ],
    series: [
      // Blank until the cursor is over a day: a row of dashes says nothing.
      { label: t('stats.chart.day'), value: (_u, v) => (v === null ? '' : formatDay(v)) },
      ...ts.series.map((s, i): uPlot.Series => {
        const colour = c.series[i % c.series.length]!;
        return {
          label: s.label,
          scale: s.key === o.rightAxis ? 'y2' : 'y',
          stroke: colour,
          width: 2,
          fill: bars ? colour : undefined,
          paths: bars,
          points: { show: ts.x.length <= 2 },
          spanGaps: false,
          value: (_u, v) => (v === null ? '' : formatNumber(v)),
        };
      }),
    ],
  };
}

export function mountChart(el: HTMLElement, ts: TimeSeries, o: ChartOptions): ChartHandle {
  const data = toAlignedData(ts) as uPlot.AlignedData;
  let plot = new uPlot(options(el, ts, o), data, el);
  const resize = new ResizeObserver(() => {
    const width = Math.max(120, el.clientWidth);
    if (width !== plot.width) plot.setSize({ width, height: plot.height });
  });
  resize.observe(el);
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  const recolour = () => {
    plot.destroy();
    plot = new uPlot(options(el, ts, o), data, el);
  };
  scheme.addEventListener('change', recolour);
  return {
    destroy() {
      scheme.removeEventListener('change', recolour);
      resize.disconnect();
      plot.destroy();
    },
  };
}
