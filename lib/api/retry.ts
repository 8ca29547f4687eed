/** Retry timing for rate-limited and failing GETs. Pure, so it is testable. */

export interface BackoffPolicy {
  /** Retries after the first attempt. */
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultBackoff: BackoffPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 10_000 };

/**
 * Bounds on every wait a server names. `Retry-After: 0` (or a time already
 * past) must not turn retries into a tight loop against the service, and a
 * wait of hours must not park a request, or a page's timer, that long.
 */
export const SERVER_WAIT_MIN_MS = 1_000;
export const SERVER_WAIT_MAX_MS = 5 * 60_000;

export function boundServerWait(ms: number): number {
  if (Number.isNaN(ms)) return SERVER_WAIT_MIN_MS;
  return Math.min(SERVER_WAIT_MAX_MS, Math.max(SERVER_WAIT_MIN_MS, ms));
}

/**
 * Parses Retry-After (delta seconds or an HTTP date) into milliseconds from
 * `now`, bounded, so the retry time an error carries is the one kept.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const s = header.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return boundServerWait(Math.round(Number(s) * 1000));
  const at = Date.parse(s);
  return Number.isNaN(at) ? undefined : boundServerWait(at - now);
}

/** Milliseconds until a service-named retry time, bounded (it may have passed meanwhile), if one was named. */
export function retryWaitMs(retryAt: number | undefined, now: number): number | undefined {
  return retryAt === undefined ? undefined : boundServerWait(retryAt - now);
}

/**
 * Delay before retry number `attempt` (1-based): the server's Retry-After when
 * given (bounded), else exponential backoff with full jitter. `random` is injectable.
 */
export function retryDelay(attempt: number, policy: BackoffPolicy, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return boundServerWait(retryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A sleep that ends early, rejecting, when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
