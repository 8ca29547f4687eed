/**
 * uPlot behind a small handle: colours from the theme's CSS variables
 * (rebuilt when the colour scheme flips: axes and grid are canvas, not CSS),
 * width from the container (ResizeObserver), a live legend with people's
 * numbers, UTC days on the x axis. A day not over when the answer was
 * fetched (lib/stats/partial-day.ts) is drawn apart: a dashed last segment
 * to a hollow point, or a faded, dashed bar; and the legend, when the cursor
 * is not over the chart, shows the latest day's values, the partial day
 * said as such.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCompact, formatDayTicks, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { toAlignedData, type TimeSeries } from '@/lib/normalize/normalize.ts';
import { chartDayName, type PartialDays } from '@/lib/stats/chart-summary.ts';
import { DAY_SECONDS, splitAt, type SplitSeries } from '@/lib/stats/partial-day.ts';
import { baseSeriesKey } from '@/lib/stats/merge-series.ts';

export interface ChartOptions {
  readonly height?: number;
  readonly kind?: 'line' | 'bars';
  /** Key of a series drawn against its own axis on the right (a much smaller or larger measure). */
  readonly rightAxis?: string;
  /** The days not over when the answer was fetched: drawn apart, and named so in the legend ("Nov 23, today so far"). */
  readonly partial?: PartialDays | null;
  /**
   * In a comparison: the index of the other project's first series. Its series are dashed (a cue beside
   * colour) in colours of their own; its bars stand beside the first project's, not over them.
   */
  readonly comparedFrom?: number;
}

/** The other project's lines in a comparison, and its partial day's (finer, so the two never look alike). */
const COMPARED_DASH = [8, 4];
const COMPARED_PARTIAL_DASH = [2, 3];

/** A theme colour (#rrggbb) at 35% opacity, for the other project's bars; any other form is kept as is. */
function faded(colour: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  return m ? `rgba(${m.slice(1).map((h) => parseInt(h, 16)).join(', ')}, 0.35)` : colour;
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
    // The hollow point's inside: the block's own background.
    background: v('--bg-raised', '#ffffff'),
  };
}

/**
 * Tick steps for a time axis of whole UTC days: a day to two weeks, then months and years (uPlot's
 * own month and year steps). Never less than a day: a short range would get hour ticks between
 * its days, each labelled with its day again.
 */
const DAY_TICKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 30, 60, 90, 120, 180, 365].map((n) => n * DAY_SECONDS);

const fromZero: uPlot.Range.Function = (_u, min, max) => uPlot.rangeNum(Math.min(0, min ?? 0), max ?? 1, 0.1, true);

/**
 * The x axis: from the first day drawn to the last, so it stays within the
 * range picked. A single day (today alone) sits in the middle of its own
 * day's width: uPlot would otherwise widen one point by 86,400 of its time
 * unit (1,000 days in seconds), drawing years to come.
 */
export function dayAxisRange(x: readonly number[]): [number, number] | [null, null] {
  if (x.length === 0) return [null, null];
  const first = x[0]!;
  const last = x.at(-1)!;
  return first === last ? [first - DAY_SECONDS / 2, last + DAY_SECONDS / 2] : [first, last];
}

/** The series as drawn: the complete days, then (when a day is partial) one more uPlot series per measure for it. */
function split(ts: TimeSeries, o: ChartOptions): SplitSeries {
  return splitAt(ts, o.partial?.from ?? null);
}

/** The narrowest a y axis is: what every axis was before they were fitted, so ordinary charts look as they did. */
const MIN_AXIS_SIZE = 48;

/**
 * A y axis as wide as its widest label (uPlot's axis-autosize recipe), so an
 * amount of 24 digits reads "123,456,789,012.3T", not ",000T". uPlot asks
 * again while the layout settles; after two rounds the size is kept.
 */
function fitLabels(self: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = self.axes[axisIdx]! as uPlot.Axis & { _size?: number; font: unknown };
  if (cycleNum > 1 && axis._size !== undefined) return axis._size;
  if (!values || values.length === 0) return MIN_AXIS_SIZE;
  // At run time uPlot keeps an axis's font as [css font, px at this pixel ratio, css px].
  self.ctx.font = Array.isArray(axis.font) ? String(axis.font[0]) : String(axis.font);
  const widest = Math.max(...values.map((v) => self.ctx.measureText(v).width)) / uPlot.pxRatio;
  const ticks = typeof axis.ticks === 'object' && typeof axis.ticks.size === 'number' ? axis.ticks.size : 10;
  return Math.max(MIN_AXIS_SIZE, Math.ceil(widest + ticks + (axis.gap ?? 5) + 2));
}

function options(el: HTMLElement, ts: TimeSeries, parts: SplitSeries, o: ChartOptions): uPlot.Options {
  const c = themeColours(el);
  const height = o.height ?? 140;
  const last = ts.x.length - 1;
  const axis = (scale: string, side?: number): uPlot.Axis => ({
    scale,
    // Only when set: an explicit undefined would override uPlot's default side.
    ...(side === undefined ? {} : { side }),
    stroke: c.text,
    grid: { stroke: c.grid, width: 1, show: side === undefined },
    ticks: { stroke: c.grid, width: 1 },
    size: scale === 'x' ? 48 : fitLabels,
    values: scale === 'x' ? (_u, splits, _axis, _space, step) => formatDayTicks(splits, step) : (_u, splits) => splits.map((s) => formatCompact(s)),
    ...(scale === 'x' ? { incrs: DAY_TICKS } : {}),
  });
  const comparing = o.comparedFrom !== undefined;
  const isCompared = (i: number) => comparing && i >= o.comparedFrom!;
  // Two projects' bars side by side on their day: the first's left of it, the other's right.
  const barsOf = (side: -1 | 0 | 1) => (o.kind === 'bars' ? uPlot.paths.bars!(side === 0 ? { size: [0.7, 24] } : { size: [0.35, 12], align: side }) : undefined);
  const bars = barsOf(comparing ? -1 : 0);
  const comparedBars = comparing ? barsOf(1) : undefined;
  /** Not hovered (idx null): the latest day. Values come from the whole series, the partial day included. */
  const at = (idx: number | null | undefined) => (idx === null || idx === undefined ? last : idx);
  const day = (idx: number | null | undefined) => {
    const i = at(idx);
    return i < 0 ? '' : chartDayName(ts, i, o.partial ?? null);
  };
  // A day with no value for a series (no transfers to one contract today so far) says so, as the table does: a blank read as missing.
  const measure = (values: readonly (number | null)[]) => (_u: uPlot, _v: number | null, _s: number, idx: number | null | undefined) =>
    formatNumber(values[at(idx)]);
  const drawn = (key: string, i: number, partial: boolean): uPlot.Series => {
    const colour = c.series[i % c.series.length]!;
    const other = isCompared(i);
    const paths = other ? comparedBars : bars;
    const base: uPlot.Series = {
      scale: baseSeriesKey(key) === o.rightAxis ? 'y2' : 'y',
      stroke: colour,
      width: 2,
      // The other project's bars: outlined, dashed, lightly filled.
      fill: paths ? (other ? faded(colour) : colour) : undefined,
      paths,
      spanGaps: false,
      ...(other ? { dash: COMPARED_DASH } : {}),
    };
    if (!partial) return { ...base, points: { show: ts.x.length <= 2 } };
    return paths
      ? { ...base, alpha: 0.4, dash: other ? COMPARED_PARTIAL_DASH : [4, 3], points: { show: false } }
      : {
          ...base,
          dash: other ? COMPARED_PARTIAL_DASH : [5, 4],
          // A hollow point on the partial day only.
          points: { show: true, size: 8, width: 2, stroke: colour, fill: c.background, filter: (_u, _s, show) => (show && parts.from !== null ? [last] : null) },
        };
  };
  const twins = parts.partial?.series.length ?? 0;
  return {
    width: Math.max(120, el.clientWidth),
    height,
    // Series days are UTC days: label them as such whatever the user's zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false }, points: { size: 6 } },
    // The other project's legend markers dashed, as its lines are.
    legend: { live: true, ...(comparing ? { markers: { dash: (_u: uPlot, i: number) => (isCompared(i - 1) ? 'dashed' : 'solid') } } : {}) },
    // Counts and amounts: from zero (bars must be), topped at a round number so the top tick shows.
    scales: { x: { time: true, range: (u) => dayAxisRange(u.data[0] as number[]) as uPlot.Range.MinMax }, y: { range: fromZero }, y2: { range: fromZero } },
    axes: [
      { ...axis('x'), grid: { stroke: c.grid, width: 1 } },
      axis('y'),
      ...(o.rightAxis ? [axis('y2', 1)] : []),
    ],
    series: [
      { label: t('stats.chart.day'), value: (_u, _v, _s, idx) => day(idx) },
      ...ts.series.map((s, i): uPlot.Series => ({ ...drawn(s.key, i, false), label: s.label, value: measure(s.values) })),
      ...(parts.partial?.series ?? []).map((s, i): uPlot.Series => ({ ...drawn(s.key, i, true), label: s.label, value: measure(s.values) })),
    ],
    hooks: {
      init: [(u) => u.root.querySelectorAll<HTMLElement>('.u-legend .u-series').forEach((row, i) => {
        // The partial days' series are part of their measure's: no legend row of their own.
        if (i > ts.series.length) row.style.display = 'none';
        // A long name is cut to fit the legend: whole on hover.
        const label = row.querySelector<HTMLElement>('.u-label');
        if (label && i > 0) label.title = ts.series[(i - 1) % ts.series.length]!.label;
      })],
      // ...and shown or hidden with it.
      setSeries: twins === 0 ? [] : [(u, i, opts) => {
        if (i !== null && i >= 1 && i <= ts.series.length && opts.show !== undefined) u.setSeries(i + ts.series.length, { show: opts.show }, false);
      }],
    },
  };
}

export function mountChart(el: HTMLElement, ts: TimeSeries, o: ChartOptions): ChartHandle {
  const parts = split(ts, o);
  const data = [...toAlignedData(parts.complete), ...(parts.partial ? toAlignedData(parts.partial).slice(1) : [])] as uPlot.AlignedData;
  let plot = new uPlot(options(el, ts, parts, o), data, el);
  const resize = new ResizeObserver(() => {
    const width = Math.max(120, el.clientWidth);
    if (width !== plot.width) plot.setSize({ width, height: plot.height });
  });
  resize.observe(el);
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  const recolour = () => {
    plot.destroy();
    plot = new uPlot(options(el, ts, parts, o), data, el);
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
