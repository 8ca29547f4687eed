import { browser } from 'wxt/browser';
import type { CacheEntry, CacheStore } from './swr.ts';

/**
 * A cache store in extension storage (`storage.local`), one
 * storage key per entry (`cache:<cache key>`), so entries survive worker
 * restarts and browser restarts, and extension pages can read them directly
 * for an instant first paint. Only non-secret data belongs here: content
 * scripts can read storage.local.
 *
 * The entries share storage.local's 10 MB quota with the settings and the
 * sealed key, so they are held to `maxBytes` (2 MB by default), far below it:
 * a full cache cannot make a settings save fail. The writer (the worker)
 * keeps the entries' sizes in memory and drops the least recently used ones
 * after each write. Why storage.local rather than a store of its own
 * (IndexedDB), which would need no budget to leave the settings their room:
 * pages read an entry in one storage call, with no database to open before
 * the first paint; the same fake browser tests both; and content scripts see
 * no more than before (what they may read of storage.local is settled
 * elsewhere, for the settings too).
 */
export interface StorageStoreOptions {
  /** Entries older than this are dropped by the prune a write starts (see pruneEveryMs). */
  readonly maxAgeMs?: number;
  /** At most this many entries are kept. */
  readonly maxEntries?: number;
  /** The entries together take at most this many bytes (see entryBytes), once each write's housekeeping is done. */
  readonly maxBytes?: number;
  /** A write rereads storage and drops what is past maxAgeMs at most this often (Infinity: never). */
  readonly pruneEveryMs?: number;
  readonly now?: () => number;
}

export interface StorageCacheStore<V> extends CacheStore<V> {
  /** Resolves once the housekeeping (eviction, prune) started by writes has finished. */
  idle(): Promise<void>;
  /** Drops every entry, or every one whose cache key `keep` refuses. */
  clear(keep?: (key: string) => boolean): Promise<void>;
}

export const DEFAULT_CACHE_BUDGET_BYTES = 2 * 1024 * 1024;
/** Every entry's storage key starts with it. */
const PREFIX = 'cache:';

export function isCacheEntry(v: unknown): v is CacheEntry<unknown> {
  return typeof v === 'object' && v !== null && 'value' in v && typeof (v as CacheEntry<unknown>).storedAt === 'number';
}

const utf8 = new TextEncoder();

/** What an entry counts against storage.local's quota: its key and its value as JSON, in UTF-8 bytes. */
export function entryBytes(storageKey: string, entry: unknown): number {
  return utf8.encode(storageKey).length + utf8.encode(JSON.stringify(entry)).length;
}

/** What eviction knows of a stored entry. */
export interface EntryUse {
  readonly bytes: number;
  readonly storedAt: number;
  /** The last time it was stored or read through this store. */
  readonly usedAt: number;
}

export interface EvictionLimits {
  readonly now: number;
  readonly maxAgeMs: number;
  readonly maxEntries: number;
  readonly maxBytes: number;
}

/**
 * The keys to drop: every entry stored longer ago than maxAgeMs, then the
 * least recently used ones until the rest fit maxEntries and maxBytes.
 */
export function planEviction(entries: ReadonlyMap<string, EntryUse>, limits: EvictionLimits): string[] {
  const cutoff = limits.now - limits.maxAgeMs;
  const drop: string[] = [];
  const live: [string, EntryUse][] = [];
  for (const [key, use] of entries) {
    if (use.storedAt < cutoff) drop.push(key);
    else live.push([key, use]);
  }
  // Most recently used first: the kept ones are a prefix.
  live.sort(([, a], [, b]) => b.usedAt - a.usedAt || b.storedAt - a.storedAt);
  let bytes = 0;
  live.forEach(([key, use], i) => {
    bytes += use.bytes;
    if (i >= limits.maxEntries || bytes > limits.maxBytes) drop.push(key);
  });
  return drop;
}

export function storageCacheStore<V>(options: StorageStoreOptions = {}): StorageCacheStore<V> {
  const {
    maxAgeMs = 14 * 24 * 3600_000,
    maxEntries = 400,
    maxBytes = DEFAULT_CACHE_BUDGET_BYTES,
    pruneEveryMs = 10 * 60_000,
  } = options;
  const now = options.now ?? Date.now;
  // Looked up on use, never at import: WXT imports modules at build time with a fake browser.
  const storage = () => browser.storage.local;
  const storageKey = (key: string) => PREFIX + key;
  const stored = async () => Object.entries((await storage().get(null)) as Record<string, unknown>).filter(([k]) => k.startsWith(PREFIX));

  /** Sizes and uses of the stored entries, by storage key: read from storage once, then kept up to date by the writer. */
  let uses: Map<string, EntryUse> | undefined;
  let lastPrune = -Infinity;
  let housekeeping: Promise<unknown> = Promise.resolve();
  /** Runs after the housekeeping queued before it: never blocks the write that queued it. */
  const queue = (task: () => Promise<unknown>) => {
    housekeeping = housekeeping.then(task).catch(() => undefined);
  };

  /** Rereads storage (uses seen since the worker started are kept); answers the damaged entries, to drop with the evicted ones. */
  const reload = async (): Promise<string[]> => {
    const damaged: string[] = [];
    const seen = uses;
    uses = new Map();
    for (const [k, v] of await stored()) {
      if (!isCacheEntry(v)) damaged.push(k);
      else uses.set(k, { bytes: entryBytes(k, v), storedAt: v.storedAt, usedAt: Math.max(v.storedAt, seen?.get(k)?.usedAt ?? -Infinity) });
    }
    return damaged;
  };

  const evict = async (at: number, extra: string[] = [], age = Infinity): Promise<void> => {
    const all = uses ?? new Map<string, EntryUse>();
    const drop = [...extra, ...planEviction(all, { now: at, maxAgeMs: age, maxEntries, maxBytes })];
    for (const k of drop) all.delete(k);
    if (drop.length) await storage().remove(drop);
  };

  /** Rereads storage, then drops damaged entries, those past maxAgeMs and those beyond the count and byte limits. */
  const prune = async (at: number): Promise<void> => {
    lastPrune = at;
    return evict(at, await reload(), maxAgeMs);
  };

  return {
    async clear(keep = () => false) {
      const drop = (await stored()).map(([k]) => k).filter((k) => !keep(k.slice(PREFIX.length)));
      if (drop.length) await storage().remove(drop);
      for (const k of drop) uses?.delete(k);
    },
    async get(key) {
      const k = storageKey(key);
      const found = ((await storage().get(k)) as Record<string, unknown>)[k];
      if (!isCacheEntry(found)) return undefined;
      const use = uses?.get(k);
      if (use) uses!.set(k, { ...use, usedAt: now() });
      return found as CacheEntry<V>;
    },
    async set(key, entry) {
      const k = storageKey(key);
      const bytes = entryBytes(k, entry);
      if (bytes > maxBytes) {
        // It cannot fit: an older answer must not stand in for it either.
        await storage().remove(k);
        uses?.delete(k);
        return;
      }
      await storage().set({ [k]: entry });
      const at = now();
      // In the background: the first write after a worker start would otherwise wait on a read of all of storage.
      queue(async () => {
        if (Number.isFinite(pruneEveryMs) && at - lastPrune >= pruneEveryMs) return prune(at);
        if (!uses) await reload();
        uses!.set(k, { bytes, storedAt: entry.storedAt, usedAt: at });
        return evict(at);
      });
    },
    async idle() {
      await housekeeping;
    },
  };
}
