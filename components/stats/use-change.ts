/**
 * The answers a block's headline changes stand on: its operation asked for
 * the current and the previous period (lib/stats/periods.ts), each through
 * the same loader and cache as every block (lib/stats/loader.ts: the stored
 * answer at once, the worker when it is stale or missing). They are asked
 * only once the block's own answer is on screen (`enabled`), so the changes
 * never hold up the numbers.
 */
import { createContext } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import type { DataOperationId } from '@/lib/api/catalog.ts';
import { changeOf, changeSource, comparesDailyMeans, hasHistory, type ChangeId } from '@/lib/stats/change-sources.ts';
import type { StatChange } from '@/lib/stats/change.ts';
import { loadStat } from '@/lib/stats/loader.ts';
import { pageLoaderDeps } from '@/lib/stats/page-client.ts';
import { comparedPeriods, requestFor, type ComparedPeriods } from '@/lib/stats/periods.ts';
import { requestKey, type StatsFilters, type StatsRequest } from '@/lib/stats/query.ts';

/** An answer's body; null: its request failed with nothing stored; undefined: not there yet. */
type Answer = unknown;

export interface PeriodAnswers {
  readonly periods: ComparedPeriods | null;
  readonly current: Answer;
  readonly previous: Answer;
}

/** Loads one request's body through the page loader; undefined until it is known, null when it failed. */
function useBody(request: StatsRequest | null, refreshToken: number): Answer {
  const key = request ? requestKey(request) : null;
  const [state, setState] = useState<{ key: string | null; body: Answer }>({ key: null, body: undefined });
  useEffect(() => {
    if (!request) return;
    return loadStat(pageLoaderDeps(), request, {}, (s) => {
      if (s.status === 'ready') setState({ key, body: s.entry.value });
      else if (s.status === 'error' && !s.refreshing) setState({ key, body: null });
    });
    // The key names the request completely.
  }, [key, refreshToken]);
  return state.key === key ? state.body : undefined;
}

export function usePeriodAnswers(
  op: DataOperationId,
  filters: StatsFilters,
  extra: StatsRequest['extra'],
  options: { readonly enabled: boolean; readonly nowMs: number; readonly refreshToken: number },
): PeriodAnswers {
  // Keyed by the day: the periods move at UTC midnight, not at every tick of the clock.
  const dayKey = Math.floor(options.nowMs / 86_400_000);
  const rangeKey = JSON.stringify(filters.range);
  const periods = useMemo(() => (hasHistory(op) ? comparedPeriods(filters.range, options.nowMs) : null), [op, rangeKey, dayKey]);
  const ask = options.enabled && periods !== null;
  const base: StatsRequest = { op, filters, extra };
  const current = useBody(ask ? requestFor(base, periods.current) : null, options.refreshToken);
  const previous = useBody(ask ? requestFor(base, periods.previous) : null, options.refreshToken);
  return { periods, current, previous };
}

/** The changes of some headline numbers of one operation's block; undefined ones are still loading. */
export function changesOf<Id extends ChangeId>(ids: readonly Id[], answers: PeriodAnswers): Record<Id, StatChange | undefined> {
  return Object.fromEntries(ids.map((id) => [id, changeOf(changeSource(id), answers.periods, answers.current, answers.previous)])) as Record<Id, StatChange | undefined>;
}

/** The period answers of the block around (null outside a block that opted in to changes). */
export const PeriodAnswersContext = createContext<PeriodAnswers | null>(null);

/** What a figure shows beside its number: its change (undefined while loading) and the period's length in days. */
export interface FigureChange {
  readonly change: StatChange | undefined;
  readonly days: number;
  /** The change compares means per day (comparesDailyMeans). */
  readonly perDay: boolean;
}

/** The changes of some of this block's headline numbers; {} outside a block with changes. */
export function useChanges<Id extends ChangeId>(ids: readonly Id[]): Partial<Record<Id, FigureChange>> {
  const answers = useContext(PeriodAnswersContext);
  if (!answers) return {};
  const changes = changesOf(ids, answers);
  const days = answers.periods?.days ?? 0;
  return Object.fromEntries(ids.map((id) => [id, { change: changes[id], days, perDay: comparesDailyMeans(id) }])) as Partial<Record<Id, FigureChange>>;
}
