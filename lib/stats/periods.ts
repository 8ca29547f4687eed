/**
 * The two equal periods a headline number's change compares: the last N
 * complete days of the range the user picked, and the N days before them.
 * Days are the service's UTC days (lib/stats/partial-day.ts), so a local
 * clock's DST shift or month end moves nothing: the arithmetic is in whole
 * UTC days. Today is never a day of either period: it is not over, and a day
 * so far is never compared with a full one. Pure: the clock is passed in.
 */
import { isoDate } from '@/lib/normalize/coerce.ts';
import { DAY_SECONDS } from './partial-day.ts';
import { dateToSeconds, type StatsRequest, type TimeRange } from './query.ts';

/** Whole UTC days `from`..`to` (YYYY-MM-DD, both included). */
export interface DayPeriod {
  readonly from: string;
  readonly to: string;
}

export interface ComparedPeriods {
  /** How many days each period has (equal). */
  readonly days: number;
  /** The last `days` complete days of the picked range. */
  readonly current: DayPeriod;
  /** The `days` days right before `current`. */
  readonly previous: DayPeriod;
}

/** UTC day number (Unix seconds / 86400) of an instant in epoch ms. */
function dayOf(ms: number): number {
  return Math.floor(ms / (DAY_SECONDS * 1000));
}

function dateOf(day: number): string {
  return isoDate(day * DAY_SECONDS);
}

function period(first: number, last: number): DayPeriod {
  return { from: dateOf(first), to: dateOf(last) };
}

/**
 * The periods compared for `range` at `nowMs`, or null when the range holds
 * no complete day (a custom range of today only, or of days to come).
 * - "Last N days": the N days before today, against the N before those.
 * - From..to: the range cut at yesterday, against as many days right before it.
 */
export function comparedPeriods(range: TimeRange, nowMs: number): ComparedPeriods | null {
  const lastComplete = dayOf(nowMs) - 1;
  let first: number;
  let last: number;
  if ('days' in range) {
    if (!Number.isInteger(range.days) || range.days < 1) return null;
    last = lastComplete;
    first = last - range.days + 1;
  } else {
    const from = dateToSeconds(range.from);
    const to = dateToSeconds(range.to);
    if (from === null || to === null) return null;
    first = from / DAY_SECONDS;
    last = Math.min(to / DAY_SECONDS, lastComplete);
    if (last < first) return null;
  }
  const days = last - first + 1;
  return { days, current: period(first, last), previous: period(first - days, first - 1) };
}

/** A period as a time range the stats requests take (whole UTC days). */
export function periodRange(p: DayPeriod): TimeRange {
  return { from: p.from, to: p.to };
}

/** The same request over another period: same project, filters and options. */
export function requestFor(req: StatsRequest, p: DayPeriod): StatsRequest {
  return { ...req, filters: { ...req.filters, range: periodRange(p) } };
}

/** The period's days, as day-start Unix seconds, ascending. */
export function periodDays(p: DayPeriod): number[] {
  const first = dateToSeconds(p.from);
  const last = dateToSeconds(p.to);
  if (first === null || last === null) return [];
  const out: number[] = [];
  for (let s = first; s <= last; s += DAY_SECONDS) out.push(s);
  return out;
}

/** Whether a day (its start, Unix seconds) is one of the period's. */
export function inPeriod(dayStart: number, p: DayPeriod): boolean {
  const first = dateToSeconds(p.from);
  const last = dateToSeconds(p.to);
  return first !== null && last !== null && dayStart >= first && dayStart <= last;
}
