/**
 * The dashboard's comparison of two projects ("Compare with…"), as pure data:
 * two series on one x axis, two ranked lists joined row by row, two answers'
 * CSV tables as one, and which project ids a comparison accepts. The UI that
 * draws them is components/stats/compare-*.tsx; the URL that holds them is
 * lib/stats/dashboard-link.ts. Pure.
 */
import type { CsvCell } from '@/lib/csv/csv.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import type { NamedTable } from './tables.ts';

/** The two projects of a comparison: the one the dashboard shows, and the one compared with it. */
export interface ComparedPair {
  readonly primary: string;
  readonly other: string;
}

/** Appended to the compared project's series keys: `new` stays `new`, the other's is `new@compare`. */
export const COMPARED_KEY_SUFFIX = '@compare';

/** A series key without the compared project's suffix: what a chart option (its right axis) names. */
export function baseSeriesKey(key: string): string {
  return key.endsWith(COMPARED_KEY_SUFFIX) ? key.slice(0, -COMPARED_KEY_SUFFIX.length) : key;
}

export interface MergedSeries {
  /** Both projects' series on the union of their days: the primary's first, then the other's. */
  readonly series: TimeSeries;
  /** Index (in `series.series`) of the other project's first series. */
  readonly comparedFrom: number;
}

/**
 * Two projects' series on one x axis: every day either has, ascending; a day
 * one of them lacks is a gap (null) in its series, never a zero. Each series
 * is labelled by `label(seriesLabel, project)`, so the legend, the summary and
 * the table name both projects.
 */
export function mergeSeries(a: TimeSeries, b: TimeSeries, pair: ComparedPair, label: (series: string, project: string) => string): MergedSeries {
  const x = [...new Set([...a.x, ...b.x])].filter(Number.isFinite).sort((p, q) => p - q);
  const on = (ts: TimeSeries, values: readonly (number | null)[]) => {
    const at = new Map(ts.x.map((t, i) => [t, values[i] ?? null]));
    return x.map((t) => at.get(t) ?? null);
  };
  return {
    series: {
      x,
      series: [
        ...a.series.map((s) => ({ ...s, label: label(s.label, pair.primary), values: on(a, s.values) })),
        ...b.series.map((s) => ({ ...s, key: s.key + COMPARED_KEY_SUFFIX, label: label(s.label, pair.other), values: on(b, s.values) })),
      ],
    },
    comparedFrom: a.series.length,
  };
}

/** One row of two ranked lists joined: the same entry (by key) in each, or null where a list lacks it. */
export interface JoinedRow<T> {
  readonly key: string;
  readonly a: T | null;
  readonly b: T | null;
}

/**
 * Two ranked lists joined by key: the primary's rows in its order, then the
 * rows only the other has, in its order. A key repeated within one list keeps
 * its first row (the service ranks; a repeat is noise).
 */
export function joinRows<T>(a: readonly T[], b: readonly T[], key: (row: T) => string): JoinedRow<T>[] {
  const first = (rows: readonly T[]) => {
    const m = new Map<string, T>();
    for (const r of rows) if (!m.has(key(r))) m.set(key(r), r);
    return m;
  };
  const ma = first(a);
  const mb = first(b);
  return [
    ...[...ma].map(([k, row]) => ({ key: k, a: row, b: mb.get(k) ?? null })),
    ...[...mb].filter(([k]) => !ma.has(k)).map(([k, row]) => ({ key: k, a: null, b: row })),
  ];
}

/** The heading of the "Project" column the comparison's CSV tables start with (CSV headings are English, as the rest). */
export const PROJECT_COLUMN = 'Project';

/**
 * Two projects' CSV tables as one per table name, in long form: a first
 * column "Project", then the primary's rows, then the other's. Columns are
 * matched by name (two answers may differ: retention's periods), the
 * primary's first; a table only one project has keeps its rows alone. The
 * long form keeps each table's own columns whatever its shape, and a
 * spreadsheet pivots it into a column per project in one step.
 */
export function comparedTables(a: readonly NamedTable[], b: readonly NamedTable[], pair: ComparedPair): NamedTable[] {
  const names = [...new Set([...a, ...b].map((t) => t.name))];
  return names.map((name) => {
    const ta = a.find((t) => t.name === name);
    const tb = b.find((t) => t.name === name);
    const columns = [...new Set([...(ta?.columns ?? []), ...(tb?.columns ?? [])])];
    const rowsOf = (project: string, table: NamedTable | undefined): CsvCell[][] => {
      if (!table) return [];
      const index = columns.map((c) => table.columns.indexOf(c));
      return table.rows.map((row) => [project, ...index.map((i) => (i < 0 ? null : row[i]))]);
    };
    return { name, columns: [PROJECT_COLUMN, ...columns], rows: [...rowsOf(pair.primary, ta), ...rowsOf(pair.other, tb)] };
  });
}

/** The longest project id a comparison accepts: real ids are short slugs; a link is no place for a novel. */
export const PROJECT_ID_MAX = 100;

export type ProjectIdProblem = 'empty' | 'too-long' | 'characters';

/**
 * What is wrong with a (trimmed) project id typed or read from a link, or
 * null. Ids go into a URL path encoded, so any printable text travels safely
 * (the project field takes `a&b c` too); what is refused is what no id holds:
 * nothing, more than PROJECT_ID_MAX characters, and control or invisible
 * format characters (a line break; a right-to-left override would make the
 * heading and the legend lie about the name).
 */
export function projectIdProblem(id: string): ProjectIdProblem | null {
  if (!id) return 'empty';
  if ([...id].length > PROJECT_ID_MAX) return 'too-long';
  return /\p{C}/u.test(id) ? 'characters' : null;
}
