/**
 * One check of every active rule: each distinct request is fetched once
 * through the stats cache (the popup's client, cache and retry rules), each
 * rule is evaluated, and what fired is told at once, or held back over quiet
 * hours. Separate from the worker so the scheduled pass (and the bench) can
 * run it with any store, notifier and clock.
 *
 * Quiet hours hold notifications back rather than drop them: a threshold
 * fires on the crossing only, so a dropped one would never be told. They are
 * told, as one digest with the time each fired, when quiet hours end (the
 * worker's release alarm, releaseHeld) or by the first check after that.
 */
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { pooled } from '@/lib/async/pooled.ts';
import type { CacheEntry } from '@/lib/cache/swr.ts';
import { deliver } from '@/lib/notify/digest.ts';
import type { Notifier } from '@/lib/notify/notifier.ts';
import { STAT_METRICS } from '@/lib/stats/metrics.ts';
import { headlineBasis, headlineNeeds, type HeadlineBasis, type Need } from '@/lib/stats/headline.ts';
import { requestKey, type StatsRequest } from '@/lib/stats/query.ts';
import { fetchComplete, type StatsDeps } from '@/lib/stats/worker.ts';
import { evaluate, failed, type Fired, type RuleState } from './evaluate.ts';
import { alertNotification } from './message.ts';
import { evaluatePeriodChange } from './period-change.ts';
import { changeWindow, type AlertRule } from './rule.ts';
import { isQuiet, type AlertClock } from './schedule.ts';
import type { AlertData, AlertState, AlertStore } from './state.ts';

export interface AlertCheckDeps extends StatsDeps {
  readonly store: AlertStore;
  readonly notifier: Notifier;
  readonly clock: AlertClock;
  /** Requests in flight at once (default 4): the service sees a small burst, not 20 at a time. */
  readonly concurrency?: number;
}

export interface AlertCheckOptions {
  /** Skip the cache's TTL ("Check now"). */
  readonly force?: boolean;
  /** Only these rules (a rule just saved). */
  readonly only?: readonly string[];
  /** Take bearings only: record the numbers, fire nothing. */
  readonly baseline?: boolean;
}

export interface AlertCheckReport {
  readonly checked: number;
  readonly failed: number;
  readonly fired: number;
  /** Held back for quiet hours, now in total. */
  readonly held: number;
  /** Notifications shown (a digest counts once). */
  readonly shown: number;
}

export function ruleRequest(rule: AlertRule): StatsRequest {
  return { op: STAT_METRICS[rule.metric].op, filters: rule.filters, ...(rule.extra ? { extra: rule.extra } : {}) };
}

type Answer = { ok: true; entry: CacheEntry<unknown> } | { ok: false; error: string };

const answerOf = (e: CacheEntry<unknown> | undefined) => e && { body: e.value, storedAt: e.storedAt };

/**
 * What a rule reads: its block's answer, or, for a period change, its
 * operation over the two periods compared (the same requests, and so the
 * same cache entries, as the popup's changes); none while the window holds no
 * complete day.
 */
type Plan =
  | { readonly kind: 'value'; readonly needs: readonly Need[] }
  | { readonly kind: 'period'; readonly basis: HeadlineBasis; readonly needs: readonly Need[] };

function planFor(rule: AlertRule, nowMs: number): Plan {
  const request = ruleRequest(rule);
  if (rule.condition.kind !== 'periodChange') return { kind: 'value', needs: [{ request, completeAfterMs: 0 }] };
  // The popup's rule and requests (lib/stats/headline.ts); a window with no complete day yet has no change to ask for.
  const basis = headlineBasis(changeWindow(rule), nowMs);
  const { current, previous } = headlineNeeds(request, basis);
  return { kind: 'period', basis, needs: current && previous ? [current, previous] : [] };
}

/** Keeps one held notification per rule, the newest. */
function holdBack(held: readonly Fired[], fired: readonly Fired[]): Fired[] {
  const byRule = new Map<string, Fired>();
  for (const f of [...held, ...fired]) byRule.set(f.ruleId, f);
  return [...byRule.values()];
}

export async function runAlertCheck(deps: AlertCheckDeps, nowMs: number, options: AlertCheckOptions = {}): Promise<AlertCheckReport> {
  const { rules, state, schedule } = await deps.store.load();
  const active = rules.filter((r) => !r.paused && (!options.only || options.only.includes(r.id)));

  // One fetch per distinct request: rules on one block (or one period of it) share it.
  const needs = new Map<string, Need>();
  const plans = active.map((rule) => planFor(rule, nowMs));
  for (const plan of plans) {
    for (const need of plan.needs) {
      const key = requestKey(need.request);
      const known = needs.get(key);
      needs.set(key, known && known.completeAfterMs >= need.completeAfterMs ? known : need);
    }
  }
  const statsDeps: StatsDeps = { cache: deps.cache, now: () => nowMs };
  const keys = [...needs.keys()];
  const answers = new Map<string, Answer>();
  await pooled(keys.length, deps.concurrency ?? 4, async (i) => {
    const need = needs.get(keys[i]!)!;
    answers.set(keys[i]!, await fetchComplete(statsDeps, need, options.force).then(
      // The whole entry: which days it holds complete depends on when it was fetched (storedAt).
      (entry): Answer => ({ ok: true, entry }),
      (e: unknown): Answer => ({ ok: false, error: describeError(toErrorInfo(e), nowMs) }),
    ));
  });

  const states: Record<string, RuleState> = { ...state.rules };
  const fired: Fired[] = [];
  let failures = 0;
  active.forEach((rule, i) => {
    const plan = plans[i]!;
    const before = states[rule.id] ?? {};
    const got = plan.needs.map((n) => answers.get(requestKey(n.request))!);
    const failure = got.find((a): a is Extract<Answer, { ok: false }> => !a.ok);
    if (failure) {
      failures++;
      states[rule.id] = failed(before, nowMs, failure.error);
      return;
    }
    const entries = got.map((a) => (a as Extract<Answer, { ok: true }>).entry);
    const ev = plan.kind === 'period'
      ? evaluatePeriodChange(rule, before, plan.basis, { current: answerOf(entries[0]), previous: answerOf(entries[1]) }, nowMs, deps.clock, options.baseline)
      : evaluate(rule, before, entries[0]!, nowMs, deps.clock, options.baseline);
    states[rule.id] = ev.state;
    if (ev.fired) fired.push(ev.fired);
  });

  // A check of one rule just saved is not a scheduled pass: "last checked" stays the pass's.
  const lastRun = options.only ? state.lastRun : nowMs;
  const told = await tell(deps, { rules, state, schedule }, { rules: states, ...(lastRun !== undefined ? { lastRun } : {}) }, fired, nowMs);
  return { checked: active.length, failed: failures, fired: fired.length, ...told };
}

/**
 * Tells what is due (the held, then the newly fired), or holds it all while
 * quiet hours last; held ones of rules paused or deleted since are dropped.
 * Saves `next` with what stays held before telling: a failing notifier must
 * not make the next check tell it again.
 */
async function tell(
  deps: Pick<AlertCheckDeps, 'store' | 'notifier' | 'clock'>,
  { rules, state, schedule }: AlertData,
  next: Omit<AlertState, 'held'>,
  fired: readonly Fired[],
  nowMs: number,
): Promise<Pick<AlertCheckReport, 'held' | 'shown'>> {
  const live = new Map(rules.filter((r) => !r.paused).map((r) => [r.id, r]));
  const quiet = isQuiet(nowMs, schedule.quiet, deps.clock);
  const due = quiet ? [] : [...state.held, ...fired].filter((f) => live.has(f.ruleId));
  const held = quiet ? holdBack(state.held, fired).filter((f) => live.has(f.ruleId)) : [];
  const notes = due.map((f) => alertNotification(live.get(f.ruleId)!, f, deps.clock, f.at < nowMs));
  await deps.store.saveState({ ...next, held });
  const shown = notes.length
    ? await deliver(deps.notifier, notes).catch((e: unknown) => {
      console.error('Vantage: an alert could not be shown:', String(e));
      return 0;
    })
    : 0;
  return { held: held.length, shown };
}

/**
 * Tells what quiet hours held back, at their end (the worker's release
 * alarm). It fetches nothing and evaluates nothing: the interval the user
 * chose decides how often the service is asked (a daily check stays one
 * request a day); the release only says what earlier checks found, as one
 * digest. Still quiet (the clock changed since the alarm was set): it keeps
 * holding, and the caller sets the alarm again.
 */
export async function releaseHeld(deps: Pick<AlertCheckDeps, 'store' | 'notifier' | 'clock'>, nowMs: number): Promise<Pick<AlertCheckReport, 'held' | 'shown'>> {
  const data = await deps.store.load();
  if (!data.state.held.length) return { held: 0, shown: 0 };
  return tell(deps, data, data.state, [], nowMs);
}
