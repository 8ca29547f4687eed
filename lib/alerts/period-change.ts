/**
 * A "changes by more than N % against the previous period" rule, one check:
 * the metric's figure over the rule's window of complete days against the
 * same number of days before (lib/stats/periods.ts, lib/stats/change.ts),
 * and whether that fires. Pure; the clock comes in.
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
import { changeOf, changeSource, periodValue } from '@/lib/stats/change-sources.ts';
import type { StatChange } from '@/lib/stats/change.ts';
import type { ComparedPeriods } from '@/lib/stats/periods.ts';
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

/** The metric's operation answered over each period (null: that request failed). */
export interface PeriodAnswers {
  readonly current: unknown;
  readonly previous: unknown;
}

/**
 * Evaluates a period-change rule at `nowMs` on the answers for `periods`
 * (null: the window holds no complete day yet). With `baseline`, it records
 * what it sees and never fires.
 */
export function evaluatePeriodChange(
  rule: AlertRule,
  state: RuleState,
  periods: ComparedPeriods | null,
  answers: PeriodAnswers,
  nowMs: number,
  clock: Pick<AlertClock, 'offsetMinutes'>,
  baseline = false,
): Evaluation {
  const c = rule.condition;
  if (c.kind !== 'periodChange') throw new Error(`Rule ${rule.id} is not a period-change rule.`);
  const source = changeSource(rule.metric);
  const change = changeOf(source, periods, answers.current, answers.previous) ?? { kind: 'no-current' };
  const amount = changeAmount(change);
  const before = state.lastChange;
  let fired: Fired | null = null;
  if (periods && amount !== null && before !== undefined && isPast(amount, c.percent, c.way) && !isPast(before, c.percent, c.way)) {
    const figure = (body: unknown, p: ComparedPeriods['current']) => periodValue(source, body, p) ?? 0;
    fired = {
      ruleId: rule.id,
      at: nowMs,
      value: figure(answers.current, periods.current),
      from: figure(answers.previous, periods.previous),
      percent: amount,
      day: dateToSeconds(periods.current.to) ?? 0,
      days: periods.days,
    };
  }
  const day = localDay(nowMs, clock);
  if (baseline || (fired && state.firedOn === day)) fired = null;
  const lastChange = amount ?? before;
  const next: RuleState = {
    lastCheck: nowMs,
    change,
    ...(periods ? { changeDays: periods.days } : {}),
    ...(lastChange !== undefined ? { lastChange } : {}),
    ...((fired ? day : state.firedOn) !== undefined ? { firedOn: fired ? day : state.firedOn } : {}),
  };
  return { state: next, fired };
}
