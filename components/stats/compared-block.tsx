/**
 * One block's side of a comparison: the same request for the other project
 * (same operation, filters, time range and block options; only the project
 * differs), through the same loader and cache as the first's, and what the
 * block says of it while it loads, fails or is empty. Its failure is reported
 * apart (compare-context.ts): the first project's numbers and notices never
 * change for it.
 */
import { useEffect } from 'preact/hooks';
import type { DataOperationId } from '@/lib/api/catalog.ts';
import type { ComparedPair } from '@/lib/stats/compare.ts';
import { hasData, type ViewOf } from '@/lib/stats/operation-views.ts';
import type { StatsRequest } from '@/lib/stats/query.ts';
import { useCompare } from './compare-context.ts';
import type { StatState } from '@/lib/stats/loader.ts';
import type { Got } from '@/lib/stats/headline.ts';
import { useCompleteStat } from './use-change.ts';

export interface ComparedStat<Id extends DataOperationId> {
  readonly pair: ComparedPair;
  readonly state: StatState;
  /** The other project's view when it has something to draw, else null. */
  readonly view: ViewOf<Id> | null;
  /** When its answer was fetched (epoch ms), or null while there is none. */
  readonly asOf: number | null;
  /** Its answer as the headline rule takes it (lib/stats/headline.ts). */
  readonly got: Got;
  readonly saidAbove: boolean;
  reload(): void;
}

/**
 * The block's request for the other project of the comparison, or null outside one (`completeAfterMs`: its answer
 * must hold its days whole, as the block's own).
 */
export function useComparedStat<Id extends DataOperationId>(block: string, request: StatsRequest & { op: Id }, completeAfterMs: number, refreshToken: number): ComparedStat<Id> | null {
  const cmp = useCompare();
  const other = cmp && { ...request, filters: { ...request.filters, project: cmp.pair.other } };
  const { state, view, reload, got } = useCompleteStat(other, completeAfterMs, refreshToken + (cmp?.refreshToken ?? 0));
  const error = state.status === 'loading' ? null : state.error;
  const worked = state.status === 'ready' && error === null;
  useEffect(() => {
    if (cmp) cmp.report(block, { error, worked });
  }, [cmp?.pair.other, error, worked]);
  useEffect(() => () => cmp?.report(block, null), [cmp?.pair.other]);
  if (!cmp) return null;
  const filled = state.status === 'ready' && view !== null && hasData(request.op, view);
  return {
    pair: cmp.pair,
    state,
    view: filled ? view : null,
    asOf: state.status === 'ready' ? state.entry.storedAt : null,
    got,
    saidAbove: cmp.saidAbove,
    reload,
  };
}
