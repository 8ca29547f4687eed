/**
 * The dashboard's comparison of two projects ("Compare with…"), as pure data:
 * two ranked lists joined row by row and two answers' CSV tables as one (two
 * series on one x axis: merge-series.ts; which ids it takes: project-id.ts). The UI that
 * draws them is components/stats/compare-*.tsx; the URL that holds them is
 * lib/stats/dashboard-link.ts. Pure.
 */
import type { CsvCell } from '@/lib/csv/csv.ts';
import type { NamedTable } from './tables.ts';

/** The two projects of a comparison: the one the dashboard shows, and the one compared with it. */
export interface ComparedPair {
  readonly primary: string;
  readonly other: string;
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
