import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { entryBytes, planEviction, storageCacheStore, type EntryUse } from '@/lib/cache/storage-store.ts';
import { createSwrCache } from '@/lib/cache/swr.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { loadSettings, saveSettingsAndKey } from '@/lib/settings/store.ts';

const cacheKeys = async () => Object.keys(await fakeBrowser.storage.local.get(null)).filter((k) => k.startsWith('cache:')).sort();
const cacheBytes = async () =>
  Object.entries(await fakeBrowser.storage.local.get(null))
    .filter(([k]) => k.startsWith('cache:'))
    .reduce((n, [k, v]) => n + entryBytes(k, v), 0);

/** storage.local with a quota, as Chrome enforces it: a write that would go over fails, whatever it writes. */
function limitLocalStorage(quotaBytes: number) {
  const area = fakeBrowser.storage.local;
  const set = area.set.bind(area);
  vi.spyOn(area, 'set').mockImplementation(async (items: Record<string, unknown>) => {
    const after = { ...(await area.get(null)), ...items };
    const used = Object.entries(after).reduce((n, [k, v]) => n + entryBytes(k, v), 0);
    if (used > quotaBytes) throw new Error('QUOTA_BYTES quota exceeded');
    return set(items);
  });
}

describe('storageCacheStore', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.restoreAllMocks());

  it('keeps one storage key per entry under its prefix', async () => {
    const store = storageCacheStore<number>({ pruneEveryMs: Infinity });
    await store.set('a', { value: 1, storedAt: 5 });
    await store.set('b', { value: 2, storedAt: 6 });
    expect(await fakeBrowser.storage.local.get('cache:a')).toEqual({ 'cache:a': { value: 1, storedAt: 5 } });
    expect(await store.get('a')).toEqual({ value: 1, storedAt: 5 });
    expect(await store.get('b')).toEqual({ value: 2, storedAt: 6 });
    expect(await store.get('missing')).toBeUndefined();
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

  it('prunes entries past their maximum age, other keys untouched', async () => {
    const t = 100_000;
    // As an earlier worker left them: the first write of this one prunes.
    await fakeBrowser.storage.local.set({
      settings: { keep: true },
      'cache:damaged': 'not an entry',
      'cache:ancient': { value: 0, storedAt: 10_000 },
      'cache:old': { value: 1, storedAt: 60_000 },
    });
    const store = storageCacheStore<number>({ now: () => t, maxAgeMs: 50_000, pruneEveryMs: 1_000 });
    await store.set('new', { value: 3, storedAt: 80_000 });
    await store.idle();
    const left = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(left).sort()).toEqual(['cache:new', 'cache:old', 'settings']);
  });

  it('keeps at most the maximum count of entries, dropping the least recently used', async () => {
    let t = 0;
    const store = storageCacheStore<number>({ now: () => t, maxEntries: 2, pruneEveryMs: Infinity });
    for (const key of ['a', 'b', 'c']) {
      t += 10;
      await store.set(key, { value: t, storedAt: t });
    }
    await store.idle();
    expect(await cacheKeys()).toEqual(['cache:b', 'cache:c']);
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

  it('measures an entry as storage counts it: key and JSON value, in UTF-8 bytes', () => {
    expect(entryBytes('cache:k', { value: 'é', storedAt: 1 })).toBe('cache:k'.length + '{"value":"é","storedAt":1}'.length + 1);
  });

  it('keeps the entries within the byte budget, dropping the least recently used first', async () => {
    let t = 1_000;
    const value = 'x'.repeat(200);
    const size = entryBytes('cache:a', { value, storedAt: t });
    const store = storageCacheStore<string>({ now: () => t, maxBytes: 3 * size, pruneEveryMs: Infinity });
    for (const key of ['a', 'b', 'c']) {
      t += 10;
      await store.set(key, { value, storedAt: t });
    }
    await store.idle();
    expect(await cacheKeys()).toEqual(['cache:a', 'cache:b', 'cache:c']);
    t += 10;
    await store.get('a'); // read since: b is now the least recently used
    t += 10;
    await store.set('d', { value, storedAt: t });
    await store.idle();
    expect(await cacheKeys()).toEqual(['cache:a', 'cache:c', 'cache:d']);
    expect(await cacheBytes()).toBeLessThanOrEqual(3 * size);
  });

  it('does not keep an entry larger than the whole budget, nor the older copy it replaces', async () => {
    const store = storageCacheStore<string>({ maxBytes: 500, pruneEveryMs: Infinity });
    await store.set('k', { value: 'small', storedAt: 1 });
    await store.set('k', { value: 'x'.repeat(600), storedAt: 2 });
    await store.set('other', { value: 'small', storedAt: 3 });
    await store.idle();
    expect(await cacheKeys()).toEqual(['cache:other']);
  });

  it('a settings save still succeeds once the cache has filled its budget', async () => {
    const budget = 8_000;
    // storage.local's quota, scaled down with the budget: room for the cache and the settings, not for an unbounded cache.
    limitLocalStorage(budget + 4_000);
    const vault = memoryVault();
    await saveSettingsAndKey(vault, defaultSettings, 'key-a');
    let t = 0;
    const store = storageCacheStore<string>({ now: () => t, maxBytes: budget, pruneEveryMs: Infinity });
    // Answers keep coming, three budgets' worth; like the SWR cache, a write that fails is let go.
    for (let i = 0; i < 60; i++) {
      t += 1_000;
      await store.set(`holderChange?project_id=p${i}`, { value: 'x'.repeat(400), storedAt: t }).catch(() => undefined);
    }
    await store.idle();
    expect(await cacheBytes()).toBeLessThanOrEqual(budget);
    expect(await cacheKeys()).toContain('cache:holderChange?project_id=p59');
    const changed = { ...defaultSettings, defaultProject: 'tidal', minScore: 700 };
    await expect(saveSettingsAndKey(vault, changed, 'key-b')).resolves.toBeUndefined();
    expect(await loadSettings()).toEqual(changed);
  });
});

describe('planEviction', () => {
  const use = (storedAt: number, usedAt = storedAt, bytes = 10): EntryUse => ({ bytes, storedAt, usedAt });
  const limits = { now: 1_000, maxAgeMs: 500, maxEntries: 10, maxBytes: 1_000 };

  it('drops entries past their age, whatever their use', () => {
    expect(planEviction(new Map([['old', use(100, 990)], ['new', use(900)]]), limits)).toEqual(['old']);
  });

  it('then the least recently used, until the rest fit the count and the bytes', () => {
    const entries = new Map([['a', use(600, 950)], ['b', use(700)], ['c', use(800)], ['d', use(900)]]);
    expect(planEviction(entries, { ...limits, maxEntries: 2 }).sort()).toEqual(['b', 'c']);
    expect(planEviction(entries, { ...limits, maxBytes: 30 })).toEqual(['b']);
    expect(planEviction(entries, limits)).toEqual([]);
  });
});
