/** Retry timing for rate-limited and failing GETs. Pure, so it is testable. */

export interface BackoffPolicy {
  /** Retries after the first attempt. */
  readonly retries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultBackoff: BackoffPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 10_000 };

/** Parses Retry-After (delta seconds or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const s = header.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  const at = Date.parse(s);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Milliseconds until a service-named retry time (never negative), if one was named. */
export function retryWaitMs(retryAt: number | undefined, now: number): number | undefined {
  return retryAt === undefined ? undefined : Math.max(0, retryAt - now);
}

/**
 * Delay before retry number `attempt` (1-based): the server's Retry-After when
 * given, else exponential backoff with full jitter. `random` is injectable.
 */
export function retryDelay(attempt: number, policy: BackoffPolicy, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
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
