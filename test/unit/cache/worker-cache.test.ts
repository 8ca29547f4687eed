import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { generateScopeSecret } from '@/lib/cache/scope.ts';
import { currentScope, followScope, makeServiceContext } from '@/lib/cache/service-scope.ts';
import { createWorkerCache } from '@/lib/cache/worker-cache.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { memoryKey, memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { settingsItem } from '@/lib/settings/store.ts';
import { saveKey } from '@/test/unit/fakes/save-key.ts';
import type { StatsRequest } from '@/lib/stats/query.ts';
import { fetchStat } from '@/lib/stats/worker.ts';
import { eventually } from '@/test/unit/eventually.ts';

/**
 * The worker's cache with the real settings and key storage: what one
 * account fetched is never served to another, and an answer that arrives
 * after the key or service changed is not kept.
 */

const request: StatsRequest = { op: 'holderChange', filters: { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } } };
const holders = (total: number) => ({ now: { total, active: 1, new: 1 }, logs: {} });
/** What each account's service answers: its own number. */
const TOTALS: Record<string, number> = { 'key-a': 111, 'key-b': 222 };

/** A service answering by key; with `hold`, answers wait until the test releases them. */
function service(hold = false) {
  const keys: string[] = [];
  const pending: (() => void)[] = [];
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    const key = (init?.headers as Record<string, string>)['x-apikey']!;
    keys.push(key);
    if (hold) await new Promise<void>((release) => pending.push(release));
    return new Response(JSON.stringify(holders(TOTALS[key]!)), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, keys, pending };
}

function setup(hold = false) {
  const vault = memoryVault();
  const secret = memoryKey(generateScopeSecret);
  const svc = service(hold);
  const cache = createWorkerCache(makeServiceContext(vault, secret, async () => true, svc.fetch), { pruneEveryMs: Infinity });
  const deps = { cache };
  const stat = async () => ((await fetchStat(deps, request)).value as ReturnType<typeof holders>).now.total;
  const cacheKeys = async () => Object.keys(await fakeBrowser.storage.local.get(null)).filter((k) => k.startsWith('cache:'));
  return { vault, secret, svc, cache, stat, cacheKeys, useKey: (key: string) => saveKey(vault, key) };
}

/** Follows scope changes as the worker does; answers the scopes adopted so far. */
function follow(s: ReturnType<typeof setup>): (string | null)[] {
  const adopted: (string | null)[] = [];
  followScope(() => currentScope(s.vault, s.secret), async (scope) => {
    await s.cache.retain(scope);
    adopted.push(scope);
  });
  return adopted;
}

describe('worker cache scoped to the service and the key', () => {
  beforeEach(() => fakeBrowser.reset());

  it('never serves what one key fetched to another key, even while it is fresh', async () => {
    const s = setup();
    await s.useKey('key-a');
    expect(await s.stat()).toBe(111);
    expect(await s.stat()).toBe(111); // fresh: from the cache
    await s.useKey('key-b');
    expect(await s.stat()).toBe(222);
    expect(s.svc.keys).toEqual(['key-a', 'key-b']);
    // Back to the first account: its own entry, still fresh, is its own again.
    await s.useKey('key-a');
    expect(await s.stat()).toBe(111);
    expect(s.svc.keys).toEqual(['key-a', 'key-b']);
  });

  it('never serves an answer of one service for another with the same key', async () => {
    const s = setup();
    await s.useKey('key-a');
    await s.stat();
    await settingsItem.setValue({ ...defaultSettings, dataBaseUrl: 'http://127.0.0.1:9/dev' });
    await s.stat();
    expect(s.svc.keys).toEqual(['key-a', 'key-a']);
  });

  it('serves and stores nothing without a key, and keys its entries by a scope that is not the key', async () => {
    const s = setup();
    await expect(s.stat()).rejects.toMatchObject({ kind: 'not-configured' });
    await expect(s.cache.peek('holderChange')).rejects.toMatchObject({ kind: 'not-configured' });
    await s.useKey('key-a');
    await s.stat();
    const [stored] = await s.cacheKeys();
    expect(stored).toMatch(/^cache:[0-9a-f]{32}:holderChange\?/);
    expect(stored).not.toContain('key-a');
  });

  it('drops the old account\'s entries when the key changes, and keeps other storage', async () => {
    const s = setup();
    const adopted = follow(s);
    await s.useKey('key-a');
    await eventually(() => expect(adopted).toHaveLength(1));
    await s.stat();
    await fakeBrowser.storage.local.set({ other: true });
    const [entryOfA] = await s.cacheKeys();
    await s.useKey('key-b');
    await eventually(() => expect(adopted).toHaveLength(2));
    expect(await s.cacheKeys()).toEqual([]);
    expect(entryOfA).toBeDefined();
    expect(await fakeBrowser.storage.local.get('other')).toEqual({ other: true });
  });

  it('does not store an answer that arrives after the key changed', async () => {
    const s = setup(true);
    const adopted = follow(s);
    await s.useKey('key-a');
    await eventually(() => expect(adopted).toHaveLength(1));
    const late = s.stat();
    await eventually(() => expect(s.svc.pending).toHaveLength(1));
    await s.useKey('key-b');
    await eventually(() => expect(adopted).toHaveLength(2));
    s.svc.pending[0]!();
    expect(await late).toBe(111); // its caller, who asked under the old key, still gets it
    expect(await s.cacheKeys()).toEqual([]);
  });

  it('does not store an answer that arrives after the service changed and the cache was cleared', async () => {
    const s = setup(true);
    const adopted = follow(s);
    await s.useKey('key-a');
    await eventually(() => expect(adopted).toHaveLength(1));
    const late = s.stat();
    await eventually(() => expect(s.svc.pending).toHaveLength(1));
    await settingsItem.setValue({ ...defaultSettings, dataBaseUrl: 'http://127.0.0.1:9/dev' });
    await eventually(() => expect(adopted).toHaveLength(2));
    s.svc.pending[0]!();
    await late;
    expect(await s.cacheKeys()).toEqual([]);
  });
});
