/**
 * The loader's dependencies in an extension page: stored entries read
 * straight from storage (batched: every block that mounts in one render
 * costs one storage read together), fresh ones asked of the worker.
 */
import type { CacheEntry } from '../cache/swr.ts';
import { storageCacheStore } from '../cache/storage-store.ts';
import { DEFAULT_TTL_MS } from '../cache/worker-cache.ts';
import { askWorker } from '../messaging/send.ts';
import type { LoaderDeps } from './loader.ts';
import './routes.ts';

type Resolve = (e: CacheEntry<unknown> | undefined) => void;

export function batchedPeek(getMany: (keys: readonly string[]) => Promise<Map<string, CacheEntry<unknown>>>) {
  let queue: Map<string, Resolve[]> | null = null;
  const flush = async () => {
    const batch = queue!;
    queue = null;
    const found = await getMany([...batch.keys()]).catch(() => new Map<string, CacheEntry<unknown>>());
    for (const [key, waiters] of batch) for (const w of waiters) w(found.get(key));
  };
  return (key: string): Promise<CacheEntry<unknown> | undefined> =>
    new Promise((resolve) => {
      if (!queue) {
        queue = new Map();
        queueMicrotask(() => void flush());
      }
      const waiters = queue.get(key) ?? [];
      waiters.push(resolve);
      queue.set(key, waiters);
    });
}

let deps: LoaderDeps | undefined;

export function pageLoaderDeps(): LoaderDeps {
  if (!deps) {
    const store = storageCacheStore<unknown>();
    deps = {
      peek: batchedPeek((keys) => store.getMany(keys)),
      fetch: (request, force) => askWorker('stats.get', { request, force }),
      now: Date.now,
      ttlMs: DEFAULT_TTL_MS,
    };
  }
  return deps;
}
