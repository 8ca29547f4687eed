/**
 * When a proof flow next asks the service for its proof (getProofData), as a pure function of
 * state the flow stores (lib/proof/flow.ts keeps it in the flow record), so a worker that stops
 * and starts again keeps the same schedule, and tests run it on a fake clock.
 *
 * - **Full speed** (one poll a second) while someone is likely at the proof page: for
 *   `fullSpeedMs` after the last sign of life (the page opened, loaded a new page, or was closed).
 * - **Back off** when nothing moves: past that, the interval doubles every `doublingMs` of quiet,
 *   up to `maxIntervalMs`. A flow left alone costs the service 4 requests a minute, not 60.
 * - **At once** on a sign from the browser (the proof page's tab closed, or finished loading a
 *   page): people close it, or it moves on, when the proof is made. With a poll already out, the
 *   next one follows its answer at once (that poll may have left before the proof was ready).
 * - **Rate limit**: every poll, scheduled or asked for, spends one credit from a bucket that
 *   refills one credit a second and holds `burst`. Over any T seconds there are at most
 *   T + `burst` polls: the average stays at one a second or less, however often a page reloads.
 *
 * The service's own pace comes first: after a failed call (429 with Retry-After, 5xx, network)
 * the backoff decides (`afterFailedCall`), and a sign does not cut it short.
 *
 * The extension's flow (lib/proof/flow.ts) and @vantage/sdk/server's proof sessions (the no-extension
 * path) poll by this one schedule.
 */
import { isRetryable, type ApiErrorInfo } from '@/lib/api/errors.ts';
import { retryDelay, retryWaitMs, type BackoffPolicy } from '@/lib/api/retry.ts';

export const POLL_PACE = {
  /** The interval at full speed, and the shortest the schedule ever waits after an answer. */
  minIntervalMs: 1000,
  /** How long after the last sign of life the flow keeps polling at full speed. */
  fullSpeedMs: 30_000,
  /** Past that, the interval doubles every this long of quiet… */
  doublingMs: 15_000,
  /** …up to this. */
  maxIntervalMs: 15_000,
  /** Credits the bucket holds (it refills one per `minIntervalMs`). */
  burst: 2,
} as const;

export interface PollPace {
  /** The last sign of life from the proof page (opened, loaded a page, closed). */
  readonly activeAt: number;
  /** Credits in the bucket at `creditAt` (it refills from there). */
  readonly credit: number;
  readonly creditAt: number;
  /** A sign arrived while a poll was out: the next poll follows its answer at once. */
  readonly wanted?: boolean;
}

/** A fresh schedule: the proof page has just opened, the bucket is full. */
export function startPace(now: number): PollPace {
  return { activeAt: now, credit: POLL_PACE.burst, creditAt: now };
}

/** The backoff curve: the wait between an answer and the next scheduled poll, after `quietMs` of quiet. */
export function intervalAfterQuiet(quietMs: number): number {
  const { minIntervalMs, fullSpeedMs, doublingMs, maxIntervalMs } = POLL_PACE;
  if (quietMs <= fullSpeedMs) return minIntervalMs;
  return Math.min(maxIntervalMs, Math.round(minIntervalMs * 2 ** ((quietMs - fullSpeedMs) / doublingMs)));
}

/** Credits in the bucket at `now`. */
export function creditAt(pace: PollPace, now: number): number {
  return Math.min(POLL_PACE.burst, pace.credit + Math.max(0, now - pace.creditAt) / POLL_PACE.minIntervalMs);
}

/** The earliest time the bucket allows a poll (a whole credit in it). */
export function creditReadyAt(pace: PollPace): number {
  return pace.credit >= 1 ? pace.creditAt : pace.creditAt + Math.ceil((1 - pace.credit) * POLL_PACE.minIntervalMs);
}

/** When a poll due at `dueAt` may go: not before the bucket holds a credit. */
export function pollAt(pace: PollPace, dueAt: number): number {
  return Math.max(dueAt, creditReadyAt(pace));
}

/** A poll goes out at `now`: it spends a credit (the caller waited for `pollAt`). */
export function spend(pace: PollPace, now: number): PollPace {
  return { activeAt: pace.activeAt, credit: Math.max(0, creditAt(pace, now) - 1), creditAt: now };
}

/** The service answered "still PROCESSING" at `now`: when the next poll is due. */
export function nextAfterAnswer(pace: PollPace, now: number): { pace: PollPace; dueAt: number } {
  if (pace.wanted) return { pace: { ...pace, wanted: false }, dueAt: now };
  return { pace, dueAt: now + intervalAfterQuiet(now - pace.activeAt) };
}

/**
 * A sign of life from the proof page at `now`: poll at once (as soon as the bucket allows), or,
 * with a poll `out`, right after its answer. `backingOff` (a failed call's backoff is running):
 * the sign only counts as life; the backoff stands.
 */
export function onSign(pace: PollPace, dueAt: number, now: number, opts: { out: boolean; backingOff: boolean }): { pace: PollPace; dueAt: number } {
  const alive = { ...pace, activeAt: Math.max(pace.activeAt, now) };
  if (opts.backingOff) return { pace: alive, dueAt };
  if (opts.out) return { pace: { ...alive, wanted: true }, dueAt };
  return { pace: alive, dueAt: Math.min(dueAt, now) };
}

/**
 * After the user closes the proof page, how long the proof is still looked for (docs/page-api.md): a
 * proof made just before closing still arrives; then 4001, at this delay whatever the service said, so a
 * user below the condition looks exactly like one who walked away.
 */
export const PROOF_PAGE_GRACE_MS = 10_000;

/** The shortest wait before any call is made again. */
export const RETRY_FLOOR_MS = 1000;

/** Backoff after failed calls; no jitter: there is one poller per session. */
const CALL_BACKOFF: BackoffPolicy = { retries: Number.POSITIVE_INFINITY, baseDelayMs: 1000, maxDelayMs: 30_000 };

/**
 * A call (createUrl, getProofData, verify) failed for the `failures`-th time in a row at `now`: when to
 * make it again — the service's Retry-After when it named one (bounded), else doubling from 1 s to 30 s —
 * or null when the failure is not worth retrying (a rejected key, a refusal, an unreadable answer).
 */
export function afterFailedCall(error: Pick<ApiErrorInfo, 'kind' | 'retryAt'>, failures: number, now: number): number | null {
  if (!isRetryable(error.kind)) return null;
  return now + Math.max(RETRY_FLOOR_MS, retryDelay(failures, CALL_BACKOFF, retryWaitMs(error.retryAt, now), () => 1));
}
