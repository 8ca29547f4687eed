/**
 * The loader's dependencies in an extension page: stored entries read
 * straight from storage, fresh ones asked of the worker; and the page's
 * paint snapshot.
 */
import { storageCacheStore } from '../cache/storage-store.ts';
import { DEFAULT_TTL_MS } from '../cache/worker-cache.ts';
import { askWorker } from '../messaging/send.ts';
import type { LoaderDeps } from './loader.ts';
import { createPaintSnapshot, type PaintSnapshot } from './paint-snapshot.ts';
import './routes.ts';

let deps: LoaderDeps | undefined;
let snapshot: PaintSnapshot | undefined;

/** The paint snapshot of this extension's pages, in the extension origin's localStorage. */
export function pagePaintSnapshot(): PaintSnapshot {
  if (!snapshot) {
    let store: Storage | undefined;
    try {
      store = globalThis.localStorage;
    } catch {
      // Storage disabled for the profile: no snapshot, the asynchronous reads still paint.
    }
    snapshot = createPaintSnapshot(store);
  }
  return snapshot;
}

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
