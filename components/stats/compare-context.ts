/**
 * What the dashboard's blocks know of a comparison ("Compare with…"): which
 * two projects, when to revalidate the other's answers, where to report how
 * they fare; and, inside one block, when the other project's answer was
 * fetched. Outside a comparison (the popup, the single view) there is none,
 * and every block is as it was.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiErrorInfo } from '@/lib/api/errors.ts';
import type { ComparedPair } from '@/lib/stats/compare.ts';
import { sharedError, type BlockReport } from './context.ts';

export interface CompareValue {
  readonly pair: ComparedPair;
  /** Bumped by the comparison's own "Retry" (and by "Refresh", through the view's token). */
  readonly refreshToken: number;
  /** Blocks report how the other project's request fares, apart from the first's: its failure never becomes theirs. */
  report(block: string, report: BlockReport | null): void;
  /** The other project's failure is said once, beside "Compare with…": the blocks then only point to it. */
  readonly saidAbove: boolean;
}

export const CompareContext = createContext<CompareValue | null>(null);

export function useCompare(): CompareValue | null {
  return useContext(CompareContext);
}

/** Inside a block: when the other project's answer was fetched (epoch ms), for its days not over; null without one. */
export const ComparedAsOf = createContext<number | null>(null);

export function useComparedAsOf(): number | null {
  return useContext(ComparedAsOf);
}

/**
 * The other project's failure to say once, above its blocks: when none of its
 * blocks has worked and one failed (an unknown id, a 403 for the project, the
 * service throttling), the most telling error (a shared kind first), else null
 * and each block says its own.
 */
export function comparedFailure(reports: Iterable<BlockReport>): ApiErrorInfo | null {
  const all = [...reports];
  if (all.some((r) => r.worked)) return null;
  return sharedError(all) ?? all.find((r) => r.error)?.error ?? null;
}
