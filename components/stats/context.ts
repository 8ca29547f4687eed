import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import { asRefusal, type ApiErrorInfo } from '@/lib/api/errors.ts';
import type { StatsFilters } from '@/lib/stats/query.ts';

export type StatsLayout = 'popup' | 'page';

export interface StatsContextValue {
  readonly filters: StatsFilters;
  readonly layout: StatsLayout;
  /** Bumped by "Refresh": every shown block revalidates, skipping the TTL. */
  readonly refreshToken: number;
  /** Block options (by block id, then parameter name). */
  readonly options: Readonly<Record<string, Readonly<Record<string, string>>>>;
  setOption(block: string, name: string, value: string): void;
  /**
   * Blocks report how they fare here; errors about the whole service (no key,
   * key rejected, unreachable, rate-limited) are said once, above the blocks.
   */
  report(block: string, report: BlockReport | null): void;
  /**
   * Some block shows an answer got with the current key: a 401/403 that gave
   * no reason is then that block's refusal, not a key problem (keyWorks).
   */
  readonly keyWorks: boolean;
}

export interface BlockReport {
  readonly error: ApiErrorInfo | null;
  /** The block shows an answer and its last request did not fail. */
  readonly worked: boolean;
}

/** Kinds that concern every block alike, by how much they matter. */
const SHARED_KINDS = ['not-configured', 'key-rejected', 'rate-limited', 'network', 'timeout'];

export function isSharedError(error: ApiErrorInfo): boolean {
  return SHARED_KINDS.includes(error.kind);
}

/**
 * What a block's error is, seen beside the others: a key rejection only when
 * the service named the key, or when no block has worked with that key.
 */
export function errorAsShown(error: ApiErrorInfo, keyWorks: boolean): ApiErrorInfo {
  return keyWorks ? asRefusal(error) : error;
}

/** Whether any block shows an answer got with the current key. */
export function keyWorks(reports: Iterable<BlockReport>): boolean {
  for (const r of reports) if (r.worked) return true;
  return false;
}

/** The one shared error to show above the blocks, if any. */
export function sharedError(reports: Iterable<BlockReport>): ApiErrorInfo | null {
  const all = [...reports];
  const works = keyWorks(all);
  let best: ApiErrorInfo | null = null;
  for (const r of all) {
    if (!r.error) continue;
    const e = errorAsShown(r.error, works);
    const rank = SHARED_KINDS.indexOf(e.kind);
    if (rank >= 0 && (best === null || rank < SHARED_KINDS.indexOf(best.kind))) best = e;
  }
  return best;
}

/** Blocks' reports by block id, and the `report` they call (a report equal to the last one changes nothing). */
export function useBlockReports(): [Readonly<Record<string, BlockReport>>, (block: string, next: BlockReport | null) => void] {
  const [reports, setReports] = useState<Readonly<Record<string, BlockReport>>>({});
  const report = useCallback((block: string, next: BlockReport | null) => {
    setReports((all) => {
      const now = all[block];
      if (now === next || (now && next && now.error === next.error && now.worked === next.worked)) return all;
      const { [block]: _gone, ...rest } = all;
      return next ? { ...rest, [block]: next } : rest;
    });
  }, []);
  return [reports, report];
}

export const StatsContext = createContext<StatsContextValue | null>(null);

export function useStatsContext(): StatsContextValue {
  const ctx = useContext(StatsContext);
  if (!ctx) throw new Error('Stats blocks must be inside a StatsContext.');
  return ctx;
}

/** The current time, re-read every `everyMs` so "updated 3 min ago" stays true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
