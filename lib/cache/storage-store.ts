import { browser } from 'wxt/browser';
import type { CacheEntry, CacheStore } from './swr.ts';

/**
 * A cache store in extension storage (`storage.local` by default), one
 * storage key per entry (`<prefix><cache key>`), so entries survive worker
 * restarts and browser restarts, and extension pages can read them directly
 * for an instant first paint. Only non-secret data belongs here: content
 * scripts can read storage.local.
 */
export interface StorageStoreOptions {
  readonly area?: 'local' | 'session';
  readonly prefix?: string;
  /** Entries older than this are dropped by prune(). */
  readonly maxAgeMs?: number;
  /** prune() keeps at most this many entries, newest first. */
  readonly maxEntries?: number;
  /** prune() runs after a write at most this often (Infinity: only when called). */
  readonly pruneEveryMs?: number;
  readonly now?: () => number;
}

export interface StorageCacheStore<V> extends CacheStore<V> {
  /** Several entries in one storage read; missing ones are absent from the map. */
  getMany(keys: readonly string[]): Promise<Map<string, CacheEntry<V>>>;
  /** Drops entries past maxAgeMs and beyond maxEntries; answers how many were dropped. */
  prune(): Promise<number>;
  /** Resolves once a prune started by a write has finished. */
  idle(): Promise<void>;
  /** Drops every entry, or every one whose cache key `keep` refuses. */
  clear(keep?: (key: string) => boolean): Promise<void>;
}

const DEFAULT_CACHE_PREFIX = 'cache:';

export function isCacheEntry(v: unknown): v is CacheEntry<unknown> {
  return typeof v === 'object' && v !== null && 'value' in v && typeof (v as CacheEntry<unknown>).storedAt === 'number';
}

export function storageCacheStore<V>(options: StorageStoreOptions = {}): StorageCacheStore<V> {
  const {
    area = 'local',
    prefix = DEFAULT_CACHE_PREFIX,
    maxAgeMs = 14 * 24 * 3600_000,
    maxEntries = 400,
    pruneEveryMs = 10 * 60_000,
  } = options;
  const now = options.now ?? Date.now;
  // Looked up on use, never at import: WXT imports modules at build time with a fake browser.
  const storage = () => browser.storage[area];
  const storageKey = (key: string) => prefix + key;
  let lastPrune = -Infinity;
  let pruning: Promise<unknown> = Promise.resolve();

  const prune = async (): Promise<number> => {
    lastPrune = now();
    const all = (await storage().get(null)) as Record<string, unknown>;
    const entries = Object.entries(all).filter(([k]) => k.startsWith(prefix));
    const cutoff = now() - maxAgeMs;
    const keep = entries
      .filter(([, v]) => isCacheEntry(v) && v.storedAt >= cutoff)
      .sort(([, a], [, b]) => (b as CacheEntry<V>).storedAt - (a as CacheEntry<V>).storedAt)
      .slice(0, maxEntries)
      .map(([k]) => k);
    const kept = new Set(keep);
    const drop = entries.map(([k]) => k).filter((k) => !kept.has(k));
    if (drop.length) await storage().remove(drop);
    return drop.length;
  };

  return {
    prune,
    async clear(keep = () => false) {
      const keys = Object.keys((await storage().get(null)) as Record<string, unknown>)
        .filter((k) => k.startsWith(prefix) && !keep(k.slice(prefix.length)));
      if (keys.length) await storage().remove(keys);
    },
    async get(key) {
      const k = storageKey(key);
      const found = ((await storage().get(k)) as Record<string, unknown>)[k];
      return isCacheEntry(found) ? (found as CacheEntry<V>) : undefined;
    },
    async getMany(keys) {
      const out = new Map<string, CacheEntry<V>>();
      if (!keys.length) return out;
      const found = (await storage().get(keys.map(storageKey))) as Record<string, unknown>;
      for (const key of keys) {
        const v = found[storageKey(key)];
        if (isCacheEntry(v)) out.set(key, v as CacheEntry<V>);
      }
      return out;
    },
    async set(key, entry) {
      await storage().set({ [storageKey(key)]: entry });
      // Not awaited: a prune reads all of storage, and the first write after a worker start would wait on it.
      if (Number.isFinite(pruneEveryMs) && now() - lastPrune >= pruneEveryMs) pruning = prune().catch(() => undefined);
    },
    async idle() {
      await pruning;
    },
  };
}
