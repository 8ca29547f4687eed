/**
 * The one rule for headline numbers and their changes, the single place every
 * view that shows one asks (the popup and dashboard blocks and the project
 * they are compared with, the Projects tab, the toolbar badge, period-change
 * alerts), so each says the same figure and the same change at the same moment:
 *
 * - **What is compared.** The last N complete UTC days of the picked range
 *   against the N days before (lib/stats/periods.ts). Today's partial day is
 *   never compared.
 * - **Which days a figure covers.** While the range holds a complete day, the
 *   figure beside a change covers that change's days: a flow's total over them
 *   (new holders, rewards), a window figure's answer for them (the returning
 *   share, visitors; total holders at the end of the last), and for a level
 *   (active holders, daily users), compared by its mean per day, the latest of
 *   those days with a value. `covers` says which, for the view to say it. A
 *   range with no complete day yet (today alone) has the figures of today so
 *   far and no change ('no-complete-day').
 * - **Which answers hold them.** An answer holds a period's days whole only if
 *   it was fetched after the period's last day was over (its cache entry's
 *   storedAt). Every view takes the current period's own answer; while it
 *   loads, the picked range's answer stands in for its days if it holds them
 *   whole (a series only: a window figure is of the whole window asked), so
 *   numbers never wait for it; otherwise figure and change wait for an answer
 *   that does.
 *
 * Pure: the clock and the answers come in.
 */
import { sumKnown } from '@/lib/normalize/coerce.ts';
import { formatDay } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { changeSource, comparesDailyMeans, periodValue, windowGap, type ChangeId, type ChangeSource } from './change-sources.ts';
import { computeChange, periodFigure, type ChangeUnit, type FigureGap, type StatChange } from './change.ts';
import { DAY_SECONDS } from './partial-day.ts';
import { comparedPeriods, inPeriod, requestFor, type ComparedPeriods, type DayPeriod } from './periods.ts';
import { dateToSeconds, type StatsRequest, type TimeRange } from './query.ts';

/** What a range's headline figures stand on at a moment: its compared periods, or (no complete day yet) its days so far. */
export type HeadlineBasis =
  | { readonly kind: 'complete'; readonly periods: ComparedPeriods }
  | { readonly kind: 'so-far' };

export function headlineBasis(range: TimeRange, nowMs: number): HeadlineBasis {
  const periods = comparedPeriods(range, nowMs);
  return periods ? { kind: 'complete', periods } : { kind: 'so-far' };
}

/** The moment (epoch ms) an answer must have been fetched after to hold a period's days whole: the end of its last day. */
export function periodOverMs(p: DayPeriod): number {
  return ((dateToSeconds(p.to) ?? 0) + DAY_SECONDS) * 1000;
}

/** An answer as a view holds it: the body and when it was fetched (its cache entry's storedAt). */
export interface Answer {
  readonly body: unknown;
  readonly storedAt: number;
}

/** An answer still loading (undefined), failed with nothing to show (null), or there. */
export type Got = Answer | null | undefined;

export function holdsWhole(a: Got, p: DayPeriod): a is Answer {
  return !!a && a.storedAt >= periodOverMs(p);
}

/** A request, and the moment its answer must have been fetched after to hold its days whole (0: any). */
export interface Need {
  readonly request: StatsRequest;
  readonly completeAfterMs: number;
}

export interface HeadlineNeeds {
  /** The current period's, then the previous period's (a range with complete days). */
  readonly current?: Need;
  readonly previous?: Need;
  /** The range's own answer (no complete day yet: its days so far). */
  readonly range?: Need;
}

/**
 * What the headline figures of `request` (an operation over the picked range) stand on: the same requests, and so
 * the same cache entries, in every view.
 */
export function headlineNeeds(request: StatsRequest, basis: HeadlineBasis): HeadlineNeeds {
  if (basis.kind === 'so-far') return { range: { request, completeAfterMs: 0 } };
  const need = (p: DayPeriod): Need => ({ request: requestFor(request, p), completeAfterMs: periodOverMs(p) });
  return { current: need(basis.periods.current), previous: need(basis.periods.previous) };
}

/**
 * The request a block asks for when all it shows is figures of the compared days (new against returning, the
 * traffic): the current period's, or the range's own while it has no complete day.
 */
export function figureRequest(request: StatsRequest, basis: HeadlineBasis): StatsRequest {
  return basis.kind === 'complete' ? requestFor(request, basis.periods.current) : request;
}

export interface HeadlineAnswers {
  /** The picked range's own answer (the block's; up to now for "the last N days"). */
  readonly range?: Got;
  /** The compared periods' answers. */
  readonly current?: Got;
  readonly previous?: Got;
}

/** Which days a figure covers, for a view to say (coversText). */
export type Covers =
  /** Its days `from`..`to` (day-start Unix seconds): a total, or the window's figure. */
  | { readonly kind: 'days'; readonly from: number; readonly to: number }
  /** A stock at the end of `day` (total holders). */
  | { readonly kind: 'end'; readonly day: number }
  /** One day (a level's latest complete day with a value). */
  | { readonly kind: 'day'; readonly day: number }
  /** The range's days so far, today's not over: `asOf`, when the answer was fetched. */
  | { readonly kind: 'so-far'; readonly asOf: number | null }
  /** Now: the service keeps no earlier figure of it. */
  | { readonly kind: 'snapshot' };

export interface Headline {
  /** The figure shown; undefined while an answer it needs is loading; null when it is not known (`gap` says why). */
  readonly value: number | null | undefined;
  readonly gap: FigureGap | null;
  readonly covers: Covers;
  readonly unit: ChangeUnit;
  /** Its change; undefined while loading. */
  readonly change: StatChange | undefined;
  /** The figures the change compares (a level's are means per day), when both are known. */
  readonly compared: { readonly current: number; readonly previous: number } | null;
  /** Days in each compared period (0: none). */
  readonly days: number;
  /** The change compares means per day while the figure is a day's (comparesDailyMeans). */
  readonly perDay: boolean;
}

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** The latest day of `p` (all days when p is null) with a value in the series, and that value. */
function latestDay(series: { x: readonly number[]; values: readonly (number | null)[] }, p: DayPeriod | null): { day: number; value: number } | null {
  for (let i = series.x.length - 1; i >= 0; i--) {
    const v = series.values[i];
    if (known(v) && (p === null || inPeriod(series.x[i]!, p))) return { day: series.x[i]!, value: v };
  }
  return null;
}

/** A figure read from one answer over some days (`p`; null: all its days, the range so far). */
function figureOf(source: ChangeSource, body: unknown, p: DayPeriod | null): { value: number | null; gap: FigureGap | null; day: number | null } {
  if (source.kind === 'series') {
    const daily = source.daily(body);
    if (source.aggregate === 'mean') {
      const last = latestDay(daily, p);
      return last ? { value: last.value, gap: null, day: last.day } : { value: null, gap: 'no-days', day: null };
    }
    const value = p ? periodFigure(daily, p, 'sum') : sumKnown(daily.values);
    return { value, gap: value === null ? 'no-days' : null, day: null };
  }
  const value = source.value(body);
  return { value, gap: value !== null ? null : source.kind === 'window' ? windowGap(source, body) : 'missing', day: null };
}

/**
 * The current period's answer the rule takes: the period's own (every view's), or, while that loads, the range's
 * when it holds the days whole (a series: its days are the period's days), so the numbers never wait for it.
 */
function currentAnswer(source: ChangeSource, p: DayPeriod, answers: HeadlineAnswers): Got {
  if (holdsWhole(answers.current, p)) return answers.current;
  if (source.kind === 'series' && holdsWhole(answers.range, p)) return answers.range;
  // Failed, and nothing stands in: unknown. Not whole yet (fetched before the day was over): a newer one is awaited.
  return answers.current === null ? null : undefined;
}

function previousAnswer(p: DayPeriod, answers: HeadlineAnswers): Got {
  return holdsWhole(answers.previous, p) ? answers.previous : answers.previous === null ? null : undefined;
}

/**
 * Which days a metric's figure covers while its range holds a complete day, before any answer is known: the latest
 * day (a level), the end of the last day (a stock), those days (a total, or a window's figure), or now (a snapshot).
 */
export function figureCovers(id: ChangeId): 'day' | 'end' | 'days' | 'now' {
  const source = changeSource(id);
  if (source.kind === 'snapshot') return 'now';
  if (source.kind === 'window') return source.at === 'end' ? 'end' : 'days';
  return source.aggregate === 'mean' ? 'day' : 'days';
}

/** A headline figure, what days it covers, and its change, by the rule above. */
export function headline(id: ChangeId, basis: HeadlineBasis, answers: HeadlineAnswers): Headline {
  const source = changeSource(id);
  const perDay = comparesDailyMeans(id);
  const unit = source.unit;
  const read = (a: Got, p: DayPeriod | null) => (a ? figureOf(source, a.body, p) : { value: a === undefined ? undefined : null, gap: null, day: null });

  // A snapshot has no history; a range with no complete day yet has its days so far, and nothing to compare.
  if (source.kind === 'snapshot' || basis.kind === 'so-far') {
    const a = answers.range;
    const f = read(a, null);
    const snapshot = source.kind === 'snapshot';
    const covers: Covers = snapshot ? { kind: 'snapshot' } : { kind: 'so-far', asOf: a ? a.storedAt : null };
    return { value: f.value, gap: f.gap, covers, unit, change: { kind: snapshot ? 'snapshot' : 'no-complete-day' }, compared: null, days: 0, perDay };
  }

  const { periods } = basis;
  const last = dateToSeconds(periods.current.to) ?? 0;
  const first = dateToSeconds(periods.current.from) ?? 0;
  const cur = currentAnswer(source, periods.current, answers);
  const prev = previousAnswer(periods.previous, answers);
  const f = read(cur, periods.current);
  const covered = figureCovers(id);
  const covers: Covers = covered === 'end' ? { kind: 'end', day: last } : covered === 'day' ? { kind: 'day', day: f.day ?? last } : { kind: 'days', from: first, to: last };

  let change: StatChange | undefined;
  let compared: Headline['compared'] = null;
  if (cur === null || prev === null) change = { kind: 'failed' };
  else if (cur && prev) {
    const now = periodValue(source, cur.body, periods.current);
    const before = periodValue(source, prev.body, periods.previous);
    change = computeChange(now, before, unit);
    if (change.kind === 'no-current') change = { kind: 'no-current', why: f.gap ?? 'unknown' };
    if (known(now) && known(before)) compared = { current: now, previous: before };
  }
  return { value: f.value, gap: f.gap, covers, unit, change, compared, days: periods.days, perDay };
}

/** A headline per id, of one operation's answers. */
export function headlines<Id extends ChangeId>(ids: readonly Id[], basis: HeadlineBasis, answers: HeadlineAnswers): Record<Id, Headline> {
  return Object.fromEntries(ids.map((id) => [id, headline(id, basis, answers)])) as Record<Id, Headline>;
}

/**
 * Which days a figure covers, in words: "Oct 28 – Nov 26", "at the end of Nov 26", "on Nov 26"; for days so far,
 * `soFar` (the caller's words for a day not over: "today so far"). Null for a snapshot (it needs no saying: its
 * change says it has no history).
 */
export function coversText(covers: Covers, soFar: string): string | null {
  switch (covers.kind) {
    case 'days':
      return covers.from === covers.to
        ? t('stats.covers.day', { day: formatDay(covers.to) })
        : t('stats.covers.days', { first: formatDay(covers.from), last: formatDay(covers.to) });
    case 'end':
      return t('stats.covers.end', { day: formatDay(covers.day) });
    case 'day':
      return t('stats.covers.day', { day: formatDay(covers.day) });
    case 'so-far':
      return soFar;
    case 'snapshot':
      return null;
  }
}

/** Why a figure shows a dash, in words. */
export function gapText(gap: FigureGap): string {
  return gap === 'missing' ? t('stats.block.notInAnswer') : gap === 'unknown' ? t('stats.figure.unknown') : t('stats.figure.noDays');
}
