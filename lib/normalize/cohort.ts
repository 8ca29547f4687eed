/**
 * Retention cohorts: one row per cohort (users who started in one period),
 * one column per period after it, as counts and as rates of the cohort.
 */
import { isoDate, isRecord, ratio, toEpochSeconds, toNumber } from './coerce.ts';

export interface CohortRow {
  /** `YYYY-MM-DD` (UTC) of the cohort's start. */
  readonly cohort: string;
  /** Unix seconds. */
  readonly start: number;
  /** Users in the cohort. */
  readonly total: number | null;
  /** Users back in each of RetentionView.periods; null where the service sent none. */
  readonly counts: readonly (number | null)[];
  /** counts / total; null where either is unknown or total is 0. */
  readonly rates: readonly (number | null)[];
}

export interface RetentionView {
  /** Periods after the start (1 = the next day/week/month), ascending: every period any row has. */
  readonly periods: readonly number[];
  /** Cohorts by start, ascending. */
  readonly rows: readonly CohortRow[];
}

const PERIOD = /^\d+$/;

/**
 * `{ "2023-11-01": { total, retention: { "1": 120, … } } }`. Keys that are
 * not dates are dropped, and so are cohorts with neither a total nor a
 * count. A cohort sent twice (two spellings of one date) keeps its first
 * values; the later one only fills gaps.
 */
export function normalizeRetention(body: unknown): RetentionView {
  const cohorts = new Map<number, { total: number | null; counts: Map<number, number> }>();
  for (const [key, rec] of isRecord(body) ? Object.entries(body) : []) {
    const start = toEpochSeconds(key);
    if (start === null || !isRecord(rec)) continue;
    const total = toNumber(rec.total);
    const counts = new Map<number, number>();
    for (const [p, v] of isRecord(rec.retention) ? Object.entries(rec.retention) : []) {
      const n = toNumber(v);
      if (PERIOD.test(p.trim()) && n !== null && !counts.has(Number(p))) counts.set(Number(p), n);
    }
    if (total === null && counts.size === 0) continue;
    const first = cohorts.get(start);
    if (!first) {
      cohorts.set(start, { total, counts });
      continue;
    }
    first.total ??= total;
    for (const [p, n] of counts) if (!first.counts.has(p)) first.counts.set(p, n);
  }
  const periods = [...new Set([...cohorts.values()].flatMap((c) => [...c.counts.keys()]))].sort((a, b) => a - b);
  const rows = [...cohorts]
    .sort(([a], [b]) => a - b)
    .map(([start, { total, counts }]) => {
      const row = periods.map((p) => counts.get(p) ?? null);
      return { cohort: isoDate(start), start, total, counts: row, rates: row.map((n) => ratio(n, total)) };
    });
  return { periods, rows };
}
