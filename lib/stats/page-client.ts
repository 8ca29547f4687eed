/**
 * The loader's dependencies in an extension page: stored entries read
 * straight from storage under the current cache scope, fresh ones asked of
 * the worker; and the page's paint snapshot, kept to that scope.
 */
import { scopedKey, type ScopeSecret } from '@/lib/cache/scope.ts';
import { scopeTracker, type ScopeTracker } from '@/lib/cache/scope-tracker.ts';
import { currentScope, watchScopeInputs } from '@/lib/cache/service-scope.ts';
import { storageCacheStore } from '@/lib/cache/storage-store.ts';
import { DEFAULT_TTL_MS } from '@/lib/cache/worker-cache.ts';
import { isFreshAt } from '@/lib/cache/swr.ts';
import { askWorker, sendToWorker } from '@/lib/messaging/send.ts';
import { indexedDbScopeSecret, indexedDbVault } from '@/lib/settings/key-vault.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { measured } from '@/lib/timing/measure.ts';
import type { LoaderDeps } from './loader.ts';
import { createPaintSnapshot, type PaintSnapshot } from './paint-snapshot.ts';
// The 'stats.get' message type (declared with its route).
import type {} from './worker.ts';

let deps: LoaderDeps | undefined;
let snapshot: PaintSnapshot | undefined;
let tracker: ScopeTracker | undefined;

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

/** The cache scope of the stored settings and key, followed through their changes; `snapshot` adopts each. */
export function trackScope(snapshot: PaintSnapshot, vault: KeyVault, secret: ScopeSecret): ScopeTracker {
  const t = scopeTracker(() => measured('page.scope', () => currentScope(vault, secret)), (scope) => snapshot.adoptScope(scope));
  watchScopeInputs(() => t.changed());
  return t;
}

/**
 * This page's cache scope (a dashboard left open follows Options). Options
 * asks for it at start, so the snapshot follows the changes made there.
 */
export function pageScope(): ScopeTracker {
  tracker ??= trackScope(pagePaintSnapshot(), indexedDbVault(), indexedDbScopeSecret());
  return tracker;
}

export function pageLoaderDeps(): LoaderDeps {
  if (!deps) {
    const store = storageCacheStore<unknown>();
    const scope = pageScope();
    deps = {
      // One read per entry, not one batch: a small entry (the headline numbers)
      // then paints without waiting for a large one (a month of per-contract days) to deserialize.
      peek: (key) => measured('page.peek', () => scope.run(async (current) => (current === null ? undefined : store.get(scopedKey(current, key))))),
      // The worker fetches under the scope current there; an answer that spans a change here is asked for again.
      fetch: (request, force) => measured('page.ask', () => scope.guard(() => askWorker('stats.get', { request, force }))),
      now: Date.now,
      ttlMs: DEFAULT_TTL_MS,
    };
  }
  return deps;
}

/**
 * Called first thing by a page about to show stats: unless its snapshot can
 * paint them all, fresh, it wakes the worker, which then starts and reads the
 * settings, key and scope while the page renders. (On a cold open the first
 * numbers otherwise waited for the page's render, then the worker's start,
 * then its reads, one after the other.)
 */
export function prepareWorker(nowMs = Date.now()): void {
  const oldest = pagePaintSnapshot().oldestStoredAt();
  if (oldest !== null && isFreshAt({ value: null, storedAt: oldest }, nowMs, DEFAULT_TTL_MS)) return;
  sendToWorker('stats.prepare', {}).catch(() => undefined);
}
