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
 */
import type { CacheEntry } from '../cache/swr.ts';
import { isCacheEntry } from '../cache/storage-store.ts';
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
  rememberUi(ui: StatsUiState): void;
  rememberEntry(key: string, entry: CacheEntry<unknown>): void;
  /** Forgets everything (the service the entries came from changed). */
  clear(): void;
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
  readonly v: 1;
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
  let ui: StatsUiState | null = null;
  let entries = new Map<string, CacheEntry<unknown>>();
  /** storedAt of the entries too large to keep: measured once, not at every paint. */
  const tooLarge = new Map<string, number>();
  let loaded = false;
  let pending = false;

  // Read on first use and trusted only as far as it checks out: localStorage is anyone's to edit in devtools.
  const load = () => {
    if (loaded) return;
    loaded = true;
    try {
      const raw = JSON.parse(store?.getItem(SNAPSHOT_KEY) ?? 'null') as Partial<Stored> | null;
      if (raw?.v !== 1) return;
      ui = isUiState(raw.ui) ? { ...defaultUiState, ...raw.ui } : null;
      for (const item of Array.isArray(raw.entries) ? raw.entries : []) {
        if (Array.isArray(item) && typeof item[0] === 'string' && isCacheEntry(item[1])) entries.set(item[0], item[1]);
      }
    } catch {
      // An unreadable snapshot is no snapshot.
    }
  };

  const write = () => {
    if (pending || !store) return;
    pending = true;
    schedule(() => {
      pending = false;
      const value: Stored = { v: 1, ui, entries: [...entries] };
      try {
        store.setItem(SNAPSHOT_KEY, JSON.stringify(value));
      } catch {
        // Over quota or storage disabled: the page works without it, only slower to first paint.
        store.removeItem(SNAPSHOT_KEY);
      }
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
    rememberUi(next) {
      load();
      if (JSON.stringify(next) === JSON.stringify(ui)) return;
      ui = next;
      write();
    },
    rememberEntry(key, entry) {
      load();
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
    clear() {
      loaded = true;
      ui = null;
      entries = new Map();
      store?.removeItem(SNAPSHOT_KEY);
    },
  };
}
