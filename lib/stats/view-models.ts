/**
 * What the stats blocks show, computed from normalized views: the holder
 * figures alerts stand on, heat for the cohort table, flow columns. Pure.
 * (The latest day of a series is partial-day.ts's; CSV tables are
 * operation-tables.ts's.)
 */
import type { HolderChangeView, RetentionView, TrafficShareView } from '@/lib/normalize/normalize.ts';
import { DAY_SECONDS, isPartialDay, latestCompletePoint } from './partial-day.ts';

/**
 * An answer without `now` (neither active nor new holders) that still has
 * days: the popup, the badge and alerts let its latest complete day stand in.
 */
export function lacksNow(v: HolderChangeView): boolean {
  return v.now.active === null && v.now.new === null && v.series.x.length > 0;
}

export interface HolderFigures {
  readonly total: number | null;
  readonly active: number | null;
  readonly new: number | null;
  /** The day that stood in for a missing `now` (day-start seconds), else null. */
  readonly day: number | null;
}

/**
 * The holder figures one number stands on (the badge, alerts): `now`, or, when
 * the answer lacks it (`lacksNow`), the latest day that was over when the
 * answer was fetched, as the popup shows it. Total holders have no series.
 */
export function holderFigures(v: HolderChangeView, asOfMs: number): HolderFigures {
  if (!lacksNow(v)) return { ...v.now, day: null };
  const p = latestCompletePoint(v.series, asOfMs);
  return { total: v.now.total, active: p?.values.active ?? null, new: p?.values.new ?? null, day: p?.time ?? null };
}

// ---- retention ----

export interface HeatCell {
  readonly count: number | null;
  readonly rate: number | null;
  /** 0..1: the rate relative to the table's highest rate of a day that was over, for shading. */
  readonly heat: number;
  /** The day the cell counts was not over when the answer was fetched: its users so far. */
  readonly partial: boolean;
}

export interface HeatRow {
  readonly cohort: string;
  /** Unix seconds of the cohort's start. */
  readonly start: number;
  readonly total: number | null;
  /** The cohort's own day was not over: its users so far. */
  readonly partial: boolean;
  readonly cells: readonly HeatCell[];
}

/**
 * Retention as a heat map. Cohorts and periods are days (the request's
 * defaults, lib/api/catalog.ts): the cell of period p counts the cohort's
 * users back on day start + p. Fetched at `asOfMs`, cells and cohorts whose
 * day was not over are partial, on the table's right-hand diagonal, where a
 * low rate is only the day not being over; they do not set the shading's top.
 */
export function retentionHeat(view: RetentionView, asOfMs: number | null = null): { periods: readonly number[]; rows: readonly HeatRow[]; partial: boolean } {
  const partialAt = (day: number) => asOfMs !== null && isPartialDay(day, asOfMs);
  const rows = view.rows.map((r) => ({ r, partial: partialAt(r.start), cells: view.periods.map((p) => partialAt(r.start + p * DAY_SECONDS)) }));
  const max = Math.max(0, ...rows.flatMap(({ r, cells }) => r.rates.filter((x, i): x is number => x !== null && !cells[i])));
  const heatRows: HeatRow[] = rows.map(({ r, partial, cells }) => ({
    cohort: r.cohort,
    start: r.start,
    total: r.total,
    partial,
    cells: r.counts.map((count, i) => {
      const rate = r.rates[i] ?? null;
      return { count, rate, heat: rate === null || max <= 0 ? 0 : Math.min(1, rate / max), partial: cells[i]! };
    }),
  }));
  return { periods: view.periods, rows: heatRows, partial: heatRows.some((r) => r.partial || r.cells.some(showsPartial)) };
}

/** A cell that shows a value of a day not over (an empty cell has nothing to mark). */
export const showsPartial = (c: HeatCell): boolean => c.partial && c.rate !== null;

// ---- traffic share ----

export interface FlowColumn {
  readonly name: string;
  /** Nodes by users, largest first. */
  readonly nodes: readonly { readonly title: string; readonly users: number | null; readonly ratio: number | null }[];
  /** Flows out of this layer into the next, largest first. */
  readonly out: readonly { readonly from: string; readonly to: string; readonly users: number }[];
}

export function flowColumns(view: TrafficShareView): FlowColumn[] {
  const title = new Map(view.layers.flatMap((l) => l.nodes.map((n) => [n.id, n.title] as const)));
  return view.layers.map((layer, i) => ({
    name: layer.name,
    nodes: [...layer.nodes].sort((a, b) => (b.users ?? -1) - (a.users ?? -1)).map(({ title: t, users, ratio }) => ({ title: t, users, ratio })),
    out: view.links
      .filter((l) => l.layer === i)
      .sort((a, b) => b.users - a.users)
      .map((l) => ({ from: title.get(l.source) ?? l.source, to: title.get(l.target) ?? l.target, users: l.users })),
  }));
}
