import type { CacheEntry, CacheStore } from '@/lib/cache/swr.ts';

/** A cache store in memory, its entries open to the test. */
export function memoryStore<V>(): CacheStore<V> & { readonly entries: Map<string, CacheEntry<V>> } {
  const entries = new Map<string, CacheEntry<V>>();
  return {
    entries,
    get: async (key) => entries.get(key),
    set: async (key, entry) => {
      entries.set(key, entry);
    },
  };
}
