import { csvFileName, type CsvTable } from '@/lib/csv/csv.ts';
import type { ProofRecord } from './history.ts';

/**
 * The proof history as one CSV table, a row per proof, newest first. Times
 * are ISO 8601 in UTC; the site's own strings (the model) go through
 * lib/csv's formula guard like every other cell.
 */
export function historyTable(list: readonly ProofRecord[]): CsvTable {
  return {
    columns: ['site', 'given_at', 'model', 'minimum', 'score', 'bound_to_site', 'verified', 'requested_from'],
    rows: list.map((r) => [r.origin, new Date(r.at).toISOString(), r.scoreId, r.condition, r.score, r.bound ? 'yes' : 'no', r.check === 'verified' ? 'yes' : 'not checked', r.source]),
  };
}

/** "vantage-proofs-2026-11-26.csv". */
export const historyFileName = (now: number): string => csvFileName('vantage', 'proofs', new Date(now).toISOString().slice(0, 10));
