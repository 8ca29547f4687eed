import { createSwrCache, type SwrCache } from './swr.ts';
import { storageCacheStore, type StorageCacheStore } from './storage-store.ts';

/**
 * The worker's one cache: entries in storage.local under `cache:<key>`, so
 * they outlive the worker, the browser session and a stopped service. Every
 * feature that caches service answers (stats, score lookups) shares it; keys
 * start with the operation id, so features cannot collide.
 */
export const DEFAULT_TTL_MS = 10 * 60_000;

export interface WorkerCache extends SwrCache<unknown> {
  readonly store: StorageCacheStore<unknown>;
}

export function createWorkerCache(now: () => number = Date.now): WorkerCache {
  const store = storageCacheStore<unknown>({ now });
  return Object.assign(createSwrCache<unknown>({ store, ttlMs: DEFAULT_TTL_MS, now }), { store });
}
