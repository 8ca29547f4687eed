/**
 * The changes a pinned row shows beside its three holder figures, against
 * the previous equal period (lib/stats/periods.ts, lib/stats/change-sources.ts).
 * The current period's figures come from the row's own answer (the last 30
 * days, which holds every day of the current period), so a row asks for one
 * more answer only: the previous period's. Pure.
 */
import { changeOf, changeSource, type ChangeId } from '@/lib/stats/change-sources.ts';
import type { StatChange } from '@/lib/stats/change.ts';
import { comparedPeriods, requestFor, type ComparedPeriods } from '@/lib/stats/periods.ts';
import { dateToSeconds, type StatsRequest } from '@/lib/stats/query.ts';
import { isPartialDay } from '@/lib/stats/partial-day.ts';
import { pinnedRequest } from './pins.ts';

/** The row's figures, by the id the view gives them, and the headline change each one has. */
export const ROW_FIGURES = { total: 'totalHolders', active: 'activeHolders', new: 'newHolders' } as const satisfies Record<string, ChangeId>;
export type RowFigure = keyof typeof ROW_FIGURES;

/** The periods a row compares at `nowMs`, and the request for the previous one. */
export function rowPeriods(project: string, nowMs: number): { readonly periods: ComparedPeriods; readonly previous: StatsRequest } {
  const request = pinnedRequest(project);
  // "The last 30 days" always holds complete days (null is for custom ranges of today or later).
  const periods = comparedPeriods(request.filters.range, nowMs)!;
  return { periods, previous: requestFor(request, periods.previous) };
}

/**
 * Each figure's change. `current`: the row's answer and when it was fetched;
 * an answer fetched before the current period's last day was over does not
 * hold that day whole, so its changes wait (undefined) for a newer one.
 * `previous`: undefined while loading, null when it failed (the change is then unavailable).
 */
export function rowChanges(
  periods: ComparedPeriods,
  current: { readonly body: unknown; readonly storedAt: number },
  previous: unknown,
): Record<RowFigure, StatChange | undefined> {
  const lastDay = dateToSeconds(periods.current.to);
  const whole = lastDay === null || !isPartialDay(lastDay, current.storedAt);
  const of = (id: ChangeId) => changeOf(changeSource(id), periods, whole ? current.body : undefined, previous);
  return { total: of(ROW_FIGURES.total), active: of(ROW_FIGURES.active), new: of(ROW_FIGURES.new) };
}
