/**
 * A pinned row's figures and their changes, by the one rule of headline
 * numbers (lib/stats/headline.ts): the project's holder change over the last
 * 30 days, as the Stats view's Holders block shows it with no filter set.
 * Its figures cover the last 30 complete days (the total at the end of the
 * last, active holders on it, new holders over all), each against the 30
 * days before. A row asks for two answers, both shared with the Stats view's
 * changes (same requests, same cache entries): the current period's, which
 * also draws its numbers and sparkline, then the previous period's. Pure.
 */
import { headlines, headlineBasis, headlineNeeds, type Got, type Headline, type Need } from '@/lib/stats/headline.ts';
import type { ComparedPeriods } from '@/lib/stats/periods.ts';
import type { StatsRequest } from '@/lib/stats/query.ts';
import { pinnedRequest } from './pins.ts';

/** The row's figures, by the id the view gives them, and the headline number each one is. */
export const ROW_FIGURES = { total: 'totalHolders', active: 'activeHolders', new: 'newHolders' } as const;
export type RowFigure = keyof typeof ROW_FIGURES;

export interface RowPlan {
  readonly periods: ComparedPeriods;
  /** The current period's request: the row's numbers, its sparkline and its changes' current figures. */
  readonly current: Need & { readonly request: HolderRequest };
  readonly previous: Need & { readonly request: HolderRequest };
}

type HolderRequest = StatsRequest & { readonly op: 'holderChange' };

/** The periods every row compares at `nowMs` (the rows share one clock). */
export function rowPeriods(nowMs: number): ComparedPeriods {
  const basis = headlineBasis(pinnedRequest('').filters.range, nowMs);
  // "The last 30 days" always holds complete days (only a custom range of today or later has none).
  if (basis.kind !== 'complete') throw new Error('The last 30 days hold no complete day.');
  return basis.periods;
}

/** What a row asks for at `nowMs`. */
export function rowPlan(project: string, nowMs: number): RowPlan {
  const periods = rowPeriods(nowMs);
  const { current, previous } = headlineNeeds(pinnedRequest(project), { kind: 'complete', periods }) as { current: RowPlan['current']; previous: RowPlan['previous'] };
  return { periods, current, previous };
}

/** Each figure and its change: `current` is the row's answer, `previous` the earlier period's (undefined: loading; null: failed). */
export function rowHeadlines(plan: RowPlan, current: Got, previous: Got): Record<RowFigure, Headline> {
  const all = headlines(Object.values(ROW_FIGURES), { kind: 'complete', periods: plan.periods }, { current, previous });
  return { total: all.totalHolders, active: all.activeHolders, new: all.newHolders };
}
