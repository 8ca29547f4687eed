/**
 * A least-recently-used cache of answers, bounded both by its number of
 * entries and by the total weight (bytes, characters) of its values: a Map
 * in recency order, the oldest entries evicted first.
 */
export interface BoundedCache<V> {
  /** The value for key, now the most recently used; undefined on a miss. */
  get(key: string): V | undefined;
  /** Stores the value, then evicts the oldest entries until both bounds hold. */
  set(key: string, value: V): void;
}

export function createBoundedCache<V>(maxEntries: number, maxWeight: number, weigh: (value: V) => number): BoundedCache<V> {
  const map = new Map<string, V>();
  let weight = 0;
  const remove = (key: string, value: V) => {
    map.delete(key);
    weight -= weigh(value);
  };
  return {
    get(key) {
      const value = map.get(key);
      if (value !== undefined) {
        map.delete(key);
        map.set(key, value);
      }
      return value;
    },
    set(key, value) {
      const old = map.get(key);
      if (old !== undefined) remove(key, old);
      map.set(key, value);
      weight += weigh(value);
      while (map.size > maxEntries || weight > maxWeight) {
        const [oldest, v] = map.entries().next().value!;
        remove(oldest, v);
      }
    },
  };
}
