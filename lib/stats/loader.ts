/**
 * Stale-while-revalidate as a page sees it: paint the stored entry at once
 * (read straight from storage, no worker round trip), then, unless it is
 * still fresh, ask the worker for a fresh one and paint that. A failed
 * revalidation keeps the stored entry on screen beside the error; a
 * rate-limited one retries at the time the service named.
 */
import type { ApiErrorInfo } from '@/lib/api/errors.ts';
import { toErrorInfo } from '@/lib/api/errors.ts';
import { retryWaitMs } from '@/lib/api/retry.ts';
import { isFreshAt, type CacheEntry } from '@/lib/cache/swr.ts';
import { requestKey, type StatsRequest } from './query.ts';

export type StatState =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly entry: CacheEntry<unknown>;
      /** A newer answer is being fetched. */
      readonly refreshing: boolean;
      /** The last revalidation failed (the entry shown is older). */
      readonly error: ApiErrorInfo | null;
    }
  | { readonly status: 'error'; readonly error: ApiErrorInfo; readonly refreshing: boolean };

export interface LoaderDeps {
  /** The stored entry for a cache key, any age. */
  readonly peek: (key: string) => Promise<CacheEntry<unknown> | undefined>;
  /** A fresh entry from the worker; rejects with an ApiError. */
  readonly fetch: (request: StatsRequest, force: boolean) => Promise<CacheEntry<unknown>>;
  readonly now: () => number;
  /** How long a stored entry needs no revalidation. */
  readonly ttlMs: number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

export interface LoadOptions {
  /** Skip the TTL: the user asked for a refresh. */
  readonly force?: boolean;
  /** Whatever is on screen already (kept while a forced refresh runs). */
  readonly current?: CacheEntry<unknown>;
  /**
   * On screen already from the paint snapshot (lib/stats/paint-snapshot.ts):
   * the stored entry still decides. The same entry stays as it is; a
   * different one replaces it; none (the cache was cleared) removes it.
   */
  readonly hint?: CacheEntry<unknown>;
}

/** Runs one load, reporting every state; answers a function that cancels it. */
export function loadStat(
  deps: LoaderDeps,
  request: StatsRequest,
  options: LoadOptions,
  onState: (s: StatState) => void,
): () => void {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let cancelled = false;
  let timer: unknown;
  let shown = options.current;
  const emit = (s: StatState) => {
    if (!cancelled) onState(s);
  };

  /** `asked`: the worker's answer, when it was asked for already. */
  const revalidate = async (force: boolean, asked?: Promise<CacheEntry<unknown>>): Promise<void> => {
    emit(shown ? { status: 'ready', entry: shown, refreshing: true, error: null } : { status: 'loading' });
    try {
      const answer = await (asked ?? deps.fetch(request, force));
      // The entry on screen again (the stored one was fresh): keep its object, and the block as painted.
      shown = shown?.storedAt === answer.storedAt ? shown : answer;
      emit({ status: 'ready', entry: shown, refreshing: false, error: null });
    } catch (e) {
      const error = toErrorInfo(e);
      const retryIn = error.kind === 'rate-limited' ? retryWaitMs(error.retryAt, deps.now()) : undefined;
      const retrying = retryIn !== undefined && !cancelled;
      emit(shown ? { status: 'ready', entry: shown, refreshing: false, error } : { status: 'error', error, refreshing: retrying });
      if (retrying) timer = setTimer(() => void revalidate(false), retryIn);
    }
  };

  void (async () => {
    let asked: Promise<CacheEntry<unknown>> | undefined;
    if (!shown) {
      // Nothing on screen, not even the snapshot's copy: most likely nothing is stored either (a first
      // open). The worker is asked at once, alongside the stored read, not after it.
      if (!options.hint) {
        asked = deps.fetch(request, options.force === true);
        // Settled below, or dropped when the stored entry is fresh.
        asked.catch(() => undefined);
      }
      const stored = await deps.peek(requestKey(request)).catch(() => undefined);
      if (stored) {
        shown = stored.storedAt === options.hint?.storedAt ? options.hint : stored;
        if (isFreshAt(stored, deps.now(), deps.ttlMs) && !options.force) return emit({ status: 'ready', entry: shown, refreshing: false, error: null });
      }
    }
    if (!cancelled) await revalidate(options.force === true, asked);
  })();

  return () => {
    cancelled = true;
    if (timer !== undefined) clearTimer(timer);
  };
}
