import { inScope } from './scope.ts';
import { scopedCache, type Scoped, type ScopedCache } from './scoped-cache.ts';
import { createSwrCache } from './swr.ts';
import { storageCacheStore, type StorageStoreOptions } from './storage-store.ts';

/**
 * The worker's one cache: entries in storage.local under
 * `cache:<scope>:<key>`, so they outlive the worker, the browser session and
 * a stopped service. Every feature that caches service answers (stats, score
 * lookups) shares it: the scope (lib/cache/scope.ts) keeps services and
 * accounts apart, and keys start with the operation id, so features cannot
 * collide. The worker is its only writer; pages read it directly.
 */
export const DEFAULT_TTL_MS = 10 * 60_000;

export interface WorkerCache<C extends Scoped> extends ScopedCache<C> {
  /**
   * Keeps the entries of `scope` only (none when null), and stores no answer
   * of a fetch already running: called when the service or the key changed.
   */
  retain(scope: string | null): Promise<void>;
}

export function createWorkerCache<C extends Scoped>(
  context: () => Promise<C>,
  options: StorageStoreOptions = {},
): WorkerCache<C> {
  const now = options.now ?? Date.now;
  const store = storageCacheStore<unknown>({ ...options, now });
  const swr = createSwrCache<unknown>({ store, ttlMs: DEFAULT_TTL_MS, now });
  return {
    ...scopedCache(swr, context),
    retain(scope) {
      swr.invalidate();
      return store.clear(inScope(scope));
    },
  };
}
