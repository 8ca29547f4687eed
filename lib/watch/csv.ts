import type { CsvTable } from '@/lib/csv/csv.ts';
import { toChecksum } from '@/lib/score/address.ts';
import { bandOf } from '@/lib/score/band.ts';
import type { WatchedAddress } from './watchlist.ts';

/**
 * The watchlist as one CSV table, a row per score in each address's history
 * (oldest first), so a spreadsheet can chart it; an address not scored yet
 * has one row with its score empty. Times are ISO 8601 in UTC.
 */
export function watchlistTable(list: readonly WatchedAddress[]): CsvTable {
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  return {
    columns: ['address', 'model', 'watched_since', 'checked_at', 'score', 'band'],
    rows: list.flatMap((w) => {
      const head = [toChecksum(w.address), w.model, iso(w.addedAt)] as const;
      if (!w.history.length) return [[...head, null, null, null]];
      return w.history.map(([at, score]) => [...head, iso(at), score, bandOf(score)?.name ?? null]);
    }),
  };
}
