/**
 * The loader's dependencies in an extension page: stored entries read
 * straight from storage, fresh ones asked of the worker.
 */
import { storageCacheStore } from '../cache/storage-store.ts';
import { DEFAULT_TTL_MS } from '../cache/worker-cache.ts';
import { askWorker } from '../messaging/send.ts';
import type { LoaderDeps } from './loader.ts';
import './routes.ts';

let deps: LoaderDeps | undefined;

export function pageLoaderDeps(): LoaderDeps {
  if (!deps) {
    const store = storageCacheStore<unknown>();
    deps = {
      // One read per entry, not one batch: a small entry (the headline numbers)
      // then paints without waiting for a large one (a month of per-contract days) to deserialize.
      peek: (key) => store.get(key),
      fetch: (request, force) => askWorker('stats.get', { request, force }),
      now: Date.now,
      ttlMs: DEFAULT_TTL_MS,
    };
  }
  return deps;
}
