/**
 * The answers a block's headline numbers stand on, as the one rule says
 * (lib/stats/headline.ts): the block's own answer over the picked range, and
 * its operation over the two compared periods, each through the same loader
 * and cache as every block (lib/stats/loader.ts: the stored answer at once,
 * the worker when it is stale or missing). The periods are asked only once
 * the block's own answer is on screen (`enabled`), so the changes never hold
 * up the numbers; an answer fetched before its days were over is asked again.
 */
import { createContext } from 'preact';
import { useContext, useEffect, useMemo, useRef } from 'preact/hooks';
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { hasHistory, type ChangeId } from '@/lib/stats/change-sources.ts';
import { headlineBasis, headlineNeeds, headlines, type Got, type Headline, type HeadlineAnswers, type HeadlineBasis } from '@/lib/stats/headline.ts';
import { DAY_SECONDS } from '@/lib/stats/partial-day.ts';
import { requestKey, type StatsFilters, type StatsRequest, type TimeRange } from '@/lib/stats/query.ts';
import { useStat, type UseStat } from './use-stat.ts';

/** The rule's basis for a range now: worked out again when the UTC day turns, not at every tick of the clock. */
export function useHeadlineBasis(range: TimeRange, nowMs: number): HeadlineBasis {
  const day = Math.floor(nowMs / (DAY_SECONDS * 1000));
  return useMemo(() => headlineBasis(range, nowMs), [JSON.stringify(range), day]);
}

/**
 * useStat, for an answer that must hold its days whole (fetched after
 * `completeAfterMs`): one stored or cached from before is asked for again,
 * once, skipping the TTL. `got` is the answer as the rule takes it.
 */
export function useCompleteStat<Id extends DataOperationId>(
  request: (StatsRequest & { op: Id }) | null,
  completeAfterMs: number,
  refreshToken: number,
  remember = false,
): UseStat<Id> & { readonly got: Got } {
  const stat = useStat(request, refreshToken, remember);
  const { state } = stat;
  const key = request ? requestKey(request) : '';
  const early = state.status === 'ready' && state.entry.storedAt < completeAfterMs;
  const askedAgain = useRef('');
  useEffect(() => {
    if (early && state.status === 'ready' && !state.refreshing && !state.error && askedAgain.current !== key) {
      askedAgain.current = key;
      stat.reload();
    }
  });
  let got: Got;
  if (!request || state.status === 'loading') got = undefined;
  else if (state.status === 'error') got = state.refreshing ? undefined : null;
  // Still not whole after asking again: unknown (the rule waits for an answer that is).
  else got = early && state.error ? null : { body: state.entry.value, storedAt: state.entry.storedAt };
  return { ...stat, got };
}

/** What a block's headline figures stand on: the rule's basis and the answers it takes. */
export interface HeadlineScope {
  readonly basis: HeadlineBasis;
  readonly answers: HeadlineAnswers;
}

/**
 * The answers of one operation's headline numbers for `filters` (a project
 * and the picked range). `range`: the block's own answer. `ownCurrent`: the
 * block's own request is the current period's (figureRequest), so its answer
 * serves as that period's.
 */
export function useHeadlineScope(
  op: DataOperationId,
  filters: StatsFilters,
  extra: StatsRequest['extra'],
  o: { readonly enabled: boolean; readonly basis: HeadlineBasis; readonly refreshToken: number; readonly range: Got; readonly ownCurrent?: boolean; readonly remember?: boolean },
): HeadlineScope {
  const needs = hasHistory(op) ? headlineNeeds({ op, filters, extra }, o.basis) : {};
  const ask = (n: typeof needs.current) => (o.enabled && n ? n.request : null);
  const current = useCompleteStat(o.ownCurrent ? null : ask(needs.current), needs.current?.completeAfterMs ?? 0, o.refreshToken, o.remember);
  const previous = useCompleteStat(ask(needs.previous), needs.previous?.completeAfterMs ?? 0, o.refreshToken, o.remember);
  return { basis: o.basis, answers: { range: o.range, current: o.ownCurrent ? o.range : current.got, previous: previous.got } };
}

/** The headline scope of the block around (null outside a block with headline numbers), and of the project compared with it. */
export const HeadlineContext = createContext<HeadlineScope | null>(null);
export const ComparedHeadlineContext = createContext<HeadlineScope | null>(null);

function useOf<Id extends ChangeId>(scope: HeadlineScope | null, ids: readonly Id[]): Partial<Record<Id, Headline>> {
  return scope ? headlines(ids, scope.basis, scope.answers) : {};
}

/** Some of this block's headline numbers, by the rule; {} outside a block with them. */
export function useHeadlines<Id extends ChangeId>(ids: readonly Id[]): Partial<Record<Id, Headline>> {
  return useOf(useContext(HeadlineContext), ids);
}

/** The same headline numbers of the project compared with this one (the dashboard's "Compare with…"); {} without one. */
export function useComparedHeadlines<Id extends ChangeId>(ids: readonly Id[]): Partial<Record<Id, Headline>> {
  return useOf(useContext(ComparedHeadlineContext), ids);
}
