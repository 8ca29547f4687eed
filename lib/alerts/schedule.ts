/**
 * When alerts are checked and when they may speak: the check interval and
 * quiet hours (in the user's local time), and the local day "once a day"
 * counts in. Pure: the clock and the time zone come in as arguments.
 */
import { ApiError } from '@/lib/api/errors.ts';
import { isoDate } from '@/lib/normalize/coerce.ts';
import { formatList } from '@/lib/format/list.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';

export interface QuietHours {
  readonly enabled: boolean;
  /** Local time "HH:MM"; a span over midnight (22:00–07:00) is fine. */
  readonly start: string;
  readonly end: string;
}

export interface AlertSchedule {
  readonly periodMinutes: number;
  readonly quiet: QuietHours;
}

/** The choices Options offers; 60 min by default: numbers that change by the day need no tighter watch. */
export const PERIOD_CHOICES = [15, 30, 60, 120, 240, 720, 1440] as const;
export const DEFAULT_SCHEDULE: AlertSchedule = Object.freeze({
  periodMinutes: 60,
  quiet: Object.freeze({ enabled: false, start: '22:00', end: '07:00' }),
});

/** The clock of a check: now, and the local time zone's offset from UTC at a time (minutes east). */
export interface AlertClock {
  now(): number;
  offsetMinutes(atMs: number): number;
}

export const systemClock: AlertClock = {
  now: () => Date.now(),
  offsetMinutes: (t) => -new Date(t).getTimezoneOffset(),
};

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(hhmm: string): number | null {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The local date (YYYY-MM-DD) at a time: "once per rule per day" counts these days. */
export function localDay(atMs: number, clock: Pick<AlertClock, 'offsetMinutes'>): string {
  return isoDate(Math.floor((atMs + clock.offsetMinutes(atMs) * 60_000) / 1000));
}

/** Whether quiet hours hold at a time: from start (included) to end (excluded), local time. */
export function isQuiet(atMs: number, quiet: QuietHours, clock: Pick<AlertClock, 'offsetMinutes'>): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (!quiet.enabled || start === null || end === null || start === end) return false;
  const local = ((Math.floor(atMs / 60_000) + clock.offsetMinutes(atMs)) % 1440 + 1440) % 1440;
  return start < end ? local >= start && local < end : local >= start || local < end;
}

/**
 * When the quiet hours holding at `atMs` end: the first minute after it that
 * is not quiet, or null when it is not quiet. Each minute is judged by
 * isQuiet itself, with the offset of that minute, so a change of offset in
 * between (daylight saving time) moves the end as it moves the local time.
 * A span is under a day: at most ~1,500 small steps, once per check.
 */
export function quietEnd(atMs: number, quiet: QuietHours, clock: Pick<AlertClock, 'offsetMinutes'>): number | null {
  if (!isQuiet(atMs, quiet, clock)) return null;
  const minute = 60_000;
  const first = Math.floor(atMs / minute) * minute + minute;
  // Two days: the longest span (23 h 59 min) plus any offset change.
  for (let t = first; t < first + 2 * 1440 * minute; t += minute) if (!isQuiet(t, quiet, clock)) return t;
  return null;
}

/** Checks a schedule from a message or storage; throws ApiError('invalid-params'). */
export function parseSchedule(v: unknown): AlertSchedule {
  const s = (v ?? {}) as Record<string, unknown>;
  const q = (s.quiet ?? {}) as Record<string, unknown>;
  const period = s.periodMinutes;
  if (!PERIOD_CHOICES.includes(period as (typeof PERIOD_CHOICES)[number])) {
    throw new ApiError({ kind: 'invalid-params', message: t('alerts.error.period', { choices: formatList(PERIOD_CHOICES.map((m) => formatNumber(m)), 'disjunction') }) });
  }
  const start = typeof q.start === 'string' ? q.start : '';
  const end = typeof q.end === 'string' ? q.end : '';
  if (minutesOf(start) === null || minutesOf(end) === null) throw new ApiError({ kind: 'invalid-params', message: t('alerts.error.quietHours') });
  return { periodMinutes: period as number, quiet: { enabled: q.enabled === true, start, end } };
}

/** A stored schedule, or the default when it is damaged. */
export function validSchedule(v: unknown): AlertSchedule {
  try {
    return parseSchedule(v);
  } catch {
    return DEFAULT_SCHEDULE;
  }
}
