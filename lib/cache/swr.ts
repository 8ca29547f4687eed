/**
 * The worker's response cache: pure, with the clock and the store injected.
 * Entries carry the time they were stored; at most one fetch per key runs at
 * a time and every caller asking for that key shares it.
 *
 *  - `peek`    the stored entry, whatever its age; never fetches.
 *  - `get`     a fresh entry: the cached one within its TTL, else fetched (shared).
 *  - `refresh` always fetched (shared with a fetch already running for the key).
 * Failed fetches are never cached: the last good entry stays. An answer
 * reaches its callers before it is written; the write follows at once, and
 * until it is done this cache reads the answer as stored.
 * invalidate() cuts off the fetches running at that moment: their answers
 * still reach their callers but are never stored.
 * Pages do the stale-while-revalidate part themselves (lib/stats/loader.ts):
 * they paint a stored entry, and ask the worker for a fresh one when it is stale.
 */
import { measured } from '@/lib/timing/measure.ts';

export interface CacheEntry<V> {
  readonly value: V;
  /** Epoch ms at which the value was fetched. */
  readonly storedAt: number;
}

/** Where entries live: extension storage in the worker (storage-store.ts). */
export interface CacheStore<V> {
  get(key: string): Promise<CacheEntry<V> | undefined>;
  set(key: string, entry: CacheEntry<V>): Promise<void>;
}

export interface SwrCacheOptions<V> {
  readonly store: CacheStore<V>;
  /** How long an entry counts as fresh, unless a call says otherwise. */
  readonly ttlMs: number;
  readonly now?: () => number;
}

export interface ReadOptions {
  /** Overrides the cache's TTL for this call. */
  readonly ttlMs?: number;
}

export type Fetcher<V> = () => Promise<V>;

export interface SwrCache<V> {
  /** The stored entry, whatever its age; never fetches. */
  peek(key: string): Promise<CacheEntry<V> | undefined>;
  get(key: string, fetcher: Fetcher<V>, options?: ReadOptions): Promise<CacheEntry<V>>;
  refresh(key: string, fetcher: Fetcher<V>): Promise<CacheEntry<V>>;
  /**
   * The fetches running now will not store their answers, and later calls
   * do not share them. For when what they were asked of is gone (the cache
   * was cleared, the service or the key changed).
   */
  invalidate(): void;
}

/** Within its TTL at `now`. An entry from the future (the clock went back) cannot be trusted to be fresh. */
export function isFreshAt(entry: CacheEntry<unknown>, now: number, ttlMs: number): boolean {
  const age = now - entry.storedAt;
  return age >= 0 && age < ttlMs;
}

export function createSwrCache<V>(options: SwrCacheOptions<V>): SwrCache<V> {
  const { store, ttlMs } = options;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<CacheEntry<V>>>();
  /**
   * Answers handed out and not yet written: callers get an answer at once
   * and the write follows (storage writes queue behind each other, tens of ms
   * each on a busy machine); meanwhile this is the stored entry.
   */
  const writing = new Map<string, CacheEntry<V>>();
  /** Bumped by invalidate(): a fetch stores its answer only if none happened since it started. */
  let generation = 0;

  const isFresh = (entry: CacheEntry<V>, o: ReadOptions = {}) => isFreshAt(entry, now(), o.ttlMs ?? ttlMs);
  const stored = async (key: string) => writing.get(key) ?? store.get(key);

  const write = (key: string, entry: CacheEntry<V>) => {
    writing.set(key, entry);
    // A store that cannot write (quota, storage gone) must not lose the answer we already have.
    void measured('worker.store', () => store.set(key, entry))
      .catch(() => undefined)
      .finally(() => {
        if (writing.get(key) === entry) writing.delete(key);
      });
  };

  const refresh = (key: string, fetcher: Fetcher<V>): Promise<CacheEntry<V>> => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = generation;
    const fetching: Promise<CacheEntry<V>> = (async () => {
      const value = await fetcher();
      const entry: CacheEntry<V> = { value, storedAt: now() };
      if (started === generation) write(key, entry);
      return entry;
    })().finally(() => {
      // After an invalidation the key may belong to a newer fetch already.
      if (inFlight.get(key) === fetching) inFlight.delete(key);
    });
    inFlight.set(key, fetching);
    return fetching;
  };

  return {
    peek: stored,
    invalidate() {
      generation++;
      inFlight.clear();
      writing.clear();
    },
    refresh,
    async get(key, fetcher, o) {
      const entry = await stored(key);
      return entry && isFresh(entry, o) ? entry : refresh(key, fetcher);
    },
  };
}

/**
 * The cache key of an operation call: its id and its parameters in a stable
 * order, unset ones (undefined, null, '') left out, so `{a:1,b:''}` and
 * `{b:undefined,a:'1'}` name the same entry.
 */
export function cacheKey(operation: string, params: Readonly<Record<string, unknown>> = {}): string {
  const parts = Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(canonical(params[k]))}`);
  return parts.length ? `${operation}?${parts.join('&')}` : operation;
}

function canonical(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );
}
