import { scopedKey } from './scope.ts';
import type { CacheEntry, ReadOptions, SwrCache } from './swr.ts';

/** What a scoped fetch runs with: at least the scope its answer belongs to. */
export interface Scoped {
  readonly scope: string;
}

export type ScopedFetcher<C, V> = (context: C) => Promise<V>;

/**
 * The SWR cache with every key under the scope in use (lib/cache/scope.ts).
 * Each call reads the context once and hands it to the fetcher, so the
 * answer is looked up, fetched and stored under the scope of the very client
 * that fetched it, even when the key changes meanwhile; calls under
 * different scopes never share a fetch.
 */
export interface ScopedCache<C extends Scoped, V = unknown> {
  /** The entry stored under the current scope, whatever its age; never fetches. */
  peek(key: string): Promise<CacheEntry<V> | undefined>;
  get(key: string, fetcher: ScopedFetcher<C, V>, options?: ReadOptions): Promise<CacheEntry<V>>;
  refresh(key: string, fetcher: ScopedFetcher<C, V>): Promise<CacheEntry<V>>;
  /**
   * Runs `fetcher` with the current context and stores nothing: for answers
   * that must not sit in the cache, which is plain storage.local (the
   * watchlist's re-scores: which addresses a user watches is theirs).
   */
  uncached<T>(fetcher: ScopedFetcher<C, T>): Promise<T>;
  /** Works out the context now, so the fetches about to come find it ready; rejects as the context does. */
  prepare(): Promise<void>;
}

/** `context` rejects when there is no scope (no key): then nothing is read, fetched or stored. */
export function scopedCache<C extends Scoped, V = unknown>(cache: SwrCache<V>, context: () => Promise<C>): ScopedCache<C, V> {
  return {
    async peek(key) {
      return cache.peek(scopedKey((await context()).scope, key));
    },
    async get(key, fetcher, options) {
      const c = await context();
      return cache.get(scopedKey(c.scope, key), () => fetcher(c), options);
    },
    async refresh(key, fetcher) {
      const c = await context();
      return cache.refresh(scopedKey(c.scope, key), () => fetcher(c));
    },
    async uncached(fetcher) {
      return fetcher(await context());
    },
    async prepare() {
      await context();
    },
  };
}
