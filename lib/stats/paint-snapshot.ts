/**
 * A synchronous copy of what the stats view last painted: its view state and
 * the small cached entries of the blocks it showed, kept in the extension
 * origin's localStorage.
 *
 * Why: extension storage is asynchronous. Reading the view, then each block's
 * entry, costs two round trips that land after the first frame (a skeleton).
 * With this copy the first frame already carries the numbers. It is only a
 * hint: the authoritative reads from extension storage still run, and what
 * they answer replaces whatever differs (see lib/stats/loader.ts).
 *
 * Non-secret data only. localStorage of the extension origin is shared by the
 * extension's own pages and never by content scripts or web pages.
 *
 * The entries belong to one cache scope (lib/cache/scope.ts): the service and
 * key they were fetched with. The first frame cannot wait for the scope to be
 * worked out (it takes the key and WebCrypto), so the snapshot is kept
 * current by every page that works it out: Options after each change of the
 * service or key, the stats pages as they open. A page that learns of a new
 * scope drops the old scope's entries at once; a page still holding them (a
 * dashboard left open) cannot write them back, and keeps no entry until it
 * has worked out the new scope itself.
 */
import type { CacheEntry } from '@/lib/cache/swr.ts';
import { isCacheEntry } from '@/lib/cache/storage-store.ts';
import { defaultUiState, isUiState, type StatsUiState } from './ui-state.ts';

/** The part of the Web Storage API used here (localStorage in pages, a Map in tests). */
export interface SyncStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface PaintSnapshot {
  ui(): StatsUiState | null;
  /** The entry last painted for a cache key, any age. */
  entry(key: string): CacheEntry<unknown> | undefined;
  /** storedAt of the oldest entry kept, or null when none is: how soon the page will need the worker. */
  oldestStoredAt(): number | null;
  rememberUi(ui: StatsUiState): void;
  /** Keeps an entry read or fetched under the scope this page last adopted (none before, or without a scope). */
  rememberEntry(key: string, entry: CacheEntry<unknown>): void;
  /** The scope in use now, just worked out: entries of any other scope are forgotten, here and for every page. */
  adoptScope(scope: string | null): void;
}

export interface SnapshotLimits {
  /** Most recently stored entries kept. */
  readonly maxEntries: number;
  /** Larger entries are left to the asynchronous read: parsing them would slow every open. */
  readonly maxEntryChars: number;
}

export const SNAPSHOT_KEY = 'vantage:paint-snapshot';
export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = { maxEntries: 16, maxEntryChars: 12_000 };

interface Stored {
  readonly v: 2;
  /** The scope of the entries. */
  readonly scope: string | null;
  readonly ui: StatsUiState | null;
  /** Least recently stored first. */
  readonly entries: readonly (readonly [string, CacheEntry<unknown>])[];
}

/**
 * A snapshot over `store` (none: remembers nothing). Writes are batched: every
 * block painted in one render costs one write, after the render.
 */
export function createPaintSnapshot(
  store: SyncStore | undefined,
  limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS,
  schedule: (write: () => void) => void = queueMicrotask,
): PaintSnapshot {
  let scope: string | null = null;
  /** Whether `scope` is one this page adopted (worked out) itself, not one read from storage. */
  let own = false;
  let ui: StatsUiState | null = null;
  let entries = new Map<string, CacheEntry<unknown>>();
  /** storedAt of the entries too large to keep: measured once, not at every paint. */
  const tooLarge = new Map<string, number>();
  /** The stored text as this page last read or wrote it: anything else was written by another page since. */
  let seen: string | null = null;
  let loaded = false;
  let pending = false;

  // Trusted only as far as it checks out: localStorage is anyone's to edit in devtools.
  const parse = (text: string | null): Stored | null => {
    try {
      const raw = JSON.parse(text ?? 'null') as Partial<Stored> | null;
      if (raw?.v !== 2 || (raw.scope !== null && typeof raw.scope !== 'string')) return null;
      const kept = (Array.isArray(raw.entries) ? raw.entries : []).filter(
        (item): item is [string, CacheEntry<unknown>] => Array.isArray(item) && typeof item[0] === 'string' && isCacheEntry(item[1]),
      );
      return { v: 2, scope: raw.scope, ui: isUiState(raw.ui) ? { ...defaultUiState, ...raw.ui } : null, entries: kept };
    } catch {
      // An unreadable snapshot is no snapshot.
      return null;
    }
  };

  // Read on first use.
  const load = () => {
    if (loaded) return;
    loaded = true;
    seen = store?.getItem(SNAPSHOT_KEY) ?? null;
    const stored = parse(seen);
    if (!stored) return;
    ({ scope, ui } = stored);
    entries = new Map(stored.entries);
  };

  const persist = () => {
    if (!store) return;
    const value: Stored = { v: 2, scope, ui, entries: [...entries] };
    try {
      seen = JSON.stringify(value);
      store.setItem(SNAPSHOT_KEY, seen);
    } catch {
      // Over quota or storage disabled: the page works without it, only slower to first paint.
      store.removeItem(SNAPSHOT_KEY);
      seen = null;
    }
  };

  const write = () => {
    if (pending || !store) return;
    pending = true;
    schedule(() => {
      pending = false;
      const now = store.getItem(SNAPSHOT_KEY);
      const other = now === seen ? null : parse(now);
      if (other && other.scope !== scope) {
        // Another page has learnt of a newer scope: its entries stand, this page's (of the old scope) go.
        scope = other.scope;
        own = false;
        entries = new Map(other.entries);
        tooLarge.clear();
      }
      persist();
    });
  };

  return {
    ui() {
      load();
      return ui;
    },
    entry(key) {
      load();
      return entries.get(key);
    },
    oldestStoredAt() {
      load();
      return entries.size === 0 ? null : Math.min(...[...entries.values()].map((e) => e.storedAt));
    },
    rememberUi(next) {
      load();
      if (JSON.stringify(next) === JSON.stringify(ui)) return;
      ui = next;
      write();
    },
    rememberEntry(key, entry) {
      load();
      if (!own || scope === null) return;
      if (entries.get(key)?.storedAt === entry.storedAt || tooLarge.get(key) === entry.storedAt) return;
      const had = entries.delete(key);
      if (JSON.stringify(entry).length <= limits.maxEntryChars) {
        tooLarge.delete(key);
        entries.set(key, entry);
      } else {
        tooLarge.set(key, entry.storedAt);
        if (!had) return; // nothing kept changed: no write
      }
      while (entries.size > limits.maxEntries) entries.delete(entries.keys().next().value!);
      write();
    },
    adoptScope(next) {
      load();
      own = true;
      if (next === scope) return;
      scope = next;
      entries = new Map();
      tooLarge.clear();
      // At once, not batched: no page may paint the old scope's entries from now on.
      persist();
    },
  };
}
