/**
 * A "changes by more than N % against the previous period" rule, one check:
 * the metric's change by the one rule of headline numbers (lib/stats/headline.ts:
 * the rule's window's complete days against the same number of days before,
 * the change the popup shows), and whether that fires. Pure; the clock comes in.
 *
 * - Complete days only: the periods end yesterday (UTC), and the check hands
 *   in answers fetched after the current period was over.
 * - Like a threshold, it fires on the crossing: the change goes past the line
 *   the rule's way (more than N %, never exactly N %) having been short of it
 *   at the last check that had a change, not on every check while it stays past.
 * - No earlier figure, an earlier 0, or no current figure has no percentage:
 *   it is recorded to be shown, never fires (nor divides by zero), and leaves
 *   the last change standing as the bearing.
 * - A share (the returning share) changes by percentage points, not by a
 *   percentage of a percentage: its N is in points.
 * - At most once per local day, and a first check only takes its bearings,
 *   as for the other rules (evaluate.ts).
 */
import type { StatChange } from '@/lib/stats/change.ts';
import { headline, type HeadlineAnswers, type HeadlineBasis } from '@/lib/stats/headline.ts';
import { dateToSeconds } from '@/lib/stats/query.ts';
import type { Evaluation, Fired, RuleState } from './evaluate.ts';
import type { ChangeWay, AlertRule } from './rule.ts';
import { localDay, type AlertClock } from './schedule.ts';

/** The change as the rule measures it: percent for a count, percentage points for a share; null when it has none. */
export function changeAmount(c: StatChange | undefined): number | null {
  if (c?.kind === 'relative') return c.ratio * 100;
  if (c?.kind === 'points') return c.points * 100;
  return null;
}

/** Whether a change of `amount` is past `percent` the rule's way (strictly more than). */
export function isPast(amount: number, percent: number, way: ChangeWay): boolean {
  return way === 'up' ? amount > percent : way === 'down' ? -amount > percent : Math.abs(amount) > percent;
}

/** The change a fired rule told of (its `percent`: the amount in the rule's unit), to be said in words. */
export function firedChange(fired: Pick<Fired, 'percent'>, share: boolean): StatChange {
  const amount = (fired.percent ?? 0) / 100;
  const direction = amount > 0 ? 'up' : amount < 0 ? 'down' : 'flat';
  return share ? { kind: 'points', direction, points: amount } : { kind: 'relative', direction, ratio: amount };
}

/**
 * Evaluates a period-change rule at `nowMs` on the answers its headline stands
 * on (`basis`: the rule's window at `nowMs`; answers as headlineNeeds asked
 * them). With `baseline`, it records what it sees and never fires.
 */
export function evaluatePeriodChange(
  rule: AlertRule,
  state: RuleState,
  basis: HeadlineBasis,
  answers: HeadlineAnswers,
  nowMs: number,
  clock: Pick<AlertClock, 'offsetMinutes'>,
  baseline = false,
): Evaluation {
  const c = rule.condition;
  if (c.kind !== 'periodChange') throw new Error(`Rule ${rule.id} is not a period-change rule.`);
  const h = headline(rule.metric, basis, answers);
  const change = h.change ?? { kind: 'no-current' };
  const amount = changeAmount(change);
  const before = state.lastChange;
  let fired: Fired | null = null;
  if (basis.kind === 'complete' && h.compared && amount !== null && before !== undefined && isPast(amount, c.percent, c.way) && !isPast(before, c.percent, c.way)) {
    fired = {
      ruleId: rule.id,
      at: nowMs,
      value: h.compared.current,
      from: h.compared.previous,
      percent: amount,
      day: dateToSeconds(basis.periods.current.to) ?? 0,
      days: h.days,
    };
  }
  const day = localDay(nowMs, clock);
  if (baseline || (fired && state.firedOn === day)) fired = null;
  const lastChange = amount ?? before;
  const next: RuleState = {
    lastCheck: nowMs,
    change,
    ...(basis.kind === 'complete' ? { changeDays: h.days } : {}),
    ...(lastChange !== undefined ? { lastChange } : {}),
    ...((fired ? day : state.firedOn) !== undefined ? { firedOn: fired ? day : state.firedOn } : {}),
  };
  return { state: next, fired };
}
