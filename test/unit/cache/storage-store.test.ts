import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { storageCacheStore } from '../../../lib/cache/storage-store.ts';
import { createSwrCache } from '../../../lib/cache/swr.ts';

describe('storageCacheStore', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps one storage key per entry under its prefix, readable one by one or in a batch', async () => {
    const store = storageCacheStore<number>({ pruneEveryMs: Infinity });
    await store.set('a', { value: 1, storedAt: 5 });
    await store.set('b', { value: 2, storedAt: 6 });
    expect(await fakeBrowser.storage.local.get('cache:a')).toEqual({ 'cache:a': { value: 1, storedAt: 5 } });
    expect(await store.get('a')).toEqual({ value: 1, storedAt: 5 });
    expect(await store.get('missing')).toBeUndefined();
    const many = await store.getMany(['a', 'b', 'missing']);
    expect([...many]).toEqual([['a', { value: 1, storedAt: 5 }], ['b', { value: 2, storedAt: 6 }]]);
  });

  it('ignores damaged entries', async () => {
    await fakeBrowser.storage.local.set({ 'cache:x': 'not an entry' });
    expect(await storageCacheStore().get('x')).toBeUndefined();
  });

  it('outlives the cache object: a new cache (a restarted worker) finds the entries', async () => {
    const now = () => 1_000;
    await createSwrCache({ store: storageCacheStore({ now }), ttlMs: 100, now }).get('k', async () => 'v');
    const restarted = createSwrCache<string>({ store: storageCacheStore({ now }), ttlMs: 100, now });
    expect(await restarted.get('k', async () => 'refetched')).toEqual({ value: 'v', storedAt: 1_000 });
  });

  it('prunes entries past their maximum age and beyond the maximum count, newest kept, other keys untouched', async () => {
    let t = 100_000;
    const store = storageCacheStore<number>({ now: () => t, maxAgeMs: 50_000, maxEntries: 2, pruneEveryMs: Infinity });
    await fakeBrowser.storage.local.set({ settings: { keep: true } });
    await store.set('ancient', { value: 0, storedAt: 10_000 });
    await store.set('old', { value: 1, storedAt: 60_000 });
    await store.set('mid', { value: 2, storedAt: 70_000 });
    await store.set('new', { value: 3, storedAt: 80_000 });
    t = 100_000;
    expect(await store.prune()).toBe(2);
    const left = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(left).sort()).toEqual(['cache:mid', 'cache:new', 'settings']);
  });

  it('prunes after a write at most once per interval', async () => {
    let t = 0;
    const store = storageCacheStore<number>({ now: () => t, maxAgeMs: 10, pruneEveryMs: 1_000 });
    await store.set('a', { value: 1, storedAt: 0 }); // first write prunes (nothing old yet)
    t = 500;
    await store.set('b', { value: 2, storedAt: 500 }); // within the interval: 'a' (age 500 > 10) survives
    await store.idle();
    expect(await store.get('a')).toBeDefined();
    t = 1_200;
    await store.set('c', { value: 3, storedAt: 1_200 });
    await store.idle();
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('c')).toBeDefined();
  });
});
