import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { cacheKey, type CacheEntry, type CacheStore } from '@/lib/cache/swr.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';
import { scoreRoutes } from '@/lib/score/worker.ts';
import { createMessageListener } from '@/lib/messaging/router.ts';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import { createScoreLookup, SCORE_TTL_MS, type ScoreLookupDeps } from '@/lib/score/lookup.ts';
import { recentLookups } from '@/lib/score/recent.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';

const recent = recentLookups(memoryVault());
import { inTestScope, testCache } from '@/test/unit/cache/fakes.ts';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const LOWER = ADDR.toLowerCase();
const BASE = 'http://127.0.0.1:9/v1';

/** A service that answers calculateCustomScore with `body` and records every URL asked for. */
function fakeService(body: (url: URL) => unknown) {
  const urls: URL[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    return new Response(JSON.stringify(body(url)), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { urls, client: new ApiClient({ apiKey: 'k', dataBaseUrl: 'http://127.0.0.1:9/dev', integrationBaseUrl: BASE, fetch }) };
}

/** Like chrome.storage: values come back as a structured copy with object keys sorted. */
function sortingStore(): CacheStore<unknown> & { entries: Map<string, CacheEntry<unknown>> } {
  const inner = memoryStore<unknown>();
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted)
      : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]))
        : v;
  return { entries: inner.entries, get: inner.get, set: (k, e) => inner.set(k, sorted(e) as CacheEntry<unknown>) };
}

function setup(body: (url: URL) => unknown, clock = { t: 1_700_000_000_000 }) {
  const service = fakeService(body);
  const store = sortingStore();
  const deps: ScoreLookupDeps = {
    settings: async () => ({ scoreId: 'credit-v1' }),
    cache: testCache(async () => service.client, { store, ttlMs: 10 * 60_000, now: () => clock.t }),
    remember: recent.remember,
  };
  return { ...service, clock, store, lookup: createScoreLookup(deps), deps };
}

const credit = { score: 696, rank: 81, entityId: LOWER, scoreBreakdown: { assets: 740, loan: 550 } };

beforeEach(() => fakeBrowser.reset());

describe('score lookup', () => {
  it('asks calculateCustomScore with the lower-case address and the default model', async () => {
    const s = setup(() => credit);
    const r = await s.lookup({ address: ADDR });
    expect(s.urls.map((u) => u.pathname + u.search)).toEqual([`/v1/platform-services/calculateCustomScore/${LOWER}?scoreId=credit-v1`]);
    expect(r).toEqual({
      address: LOWER, checksummed: ADDR, scoreId: 'credit-v1', score: 696,
      extras: { rank: 81, entityId: LOWER, scoreBreakdown: { assets: 740, loan: 550 } }, fetchedAt: s.clock.t,
    });
  });

  it('caches per (address, model) briefly, whatever the address case', async () => {
    const s = setup((u) => ({ ...credit, score: u.searchParams.get('scoreId') === 'activity' ? 512 : 696 }));
    await s.lookup({ address: ADDR });
    await s.lookup({ address: LOWER, scoreId: 'credit-v1' });
    expect(s.urls).toHaveLength(1);
    expect((await s.lookup({ address: ADDR, scoreId: 'activity' })).score).toBe(512);
    expect(s.urls).toHaveLength(2);
    s.clock.t += SCORE_TTL_MS;
    await s.lookup({ address: ADDR });
    expect(s.urls).toHaveLength(3);
  });

  it('serves a cached answer with its extras in the order the model sent them', async () => {
    const s = setup(() => ({ score: 700, zeta: 1, alpha: 2, scoreBreakdown: { transactions: 700, assets: 650 } }));
    await s.lookup({ address: ADDR });
    const cached = await s.lookup({ address: ADDR });
    expect(s.urls).toHaveLength(1);
    expect(Object.keys(cached.extras)).toEqual(['zeta', 'alpha', 'scoreBreakdown']);
    expect(Object.keys(cached.extras.scoreBreakdown as object)).toEqual(['transactions', 'assets']);
  });

  it('never shows a damaged cache entry as a score: it asks again', async () => {
    const s = setup(() => credit);
    const key = inTestScope(cacheKey('calculateCustomScore', { entity_address: LOWER, scoreId: 'credit-v1' }));
    for (const value of [{ score: 0, extrasJson: '{}' }, { score: 700, extras: {} }, { score: 700, extrasJson: 'not json' }, 'junk']) {
      await s.store.set(key, { value, storedAt: s.clock.t });
      expect((await s.lookup({ address: ADDR })).score).toBe(696);
    }
    expect(s.urls).toHaveLength(4);
  });

  it('refuses an invalid address before any request', async () => {
    const s = setup(() => credit);
    for (const address of ['0x123', ADDR.replace('aAeb', 'AAeb'), '']) {
      await expect(s.lookup({ address })).rejects.toMatchObject({ kind: 'invalid-params', param: 'entity_address' });
    }
    expect(s.urls).toHaveLength(0);
  });

  it('answers a missing, zero or error-carrying score as an error, and does not cache or remember it', async () => {
    for (const body of [{ entityId: LOWER }, { score: 0 }, { score: 'n/a' }, { score: 700, error: 'model offline' }]) {
      const s = setup(() => body);
      const e = await s.lookup({ address: ADDR }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({ kind: 'bad-response' });
      await s.lookup({ address: ADDR }).catch(() => undefined);
      expect(s.urls).toHaveLength(2);
    }
    expect(await recent.load()).toEqual([]);
  });

  it('asks the service for a fresh lookup, and neither caches nor remembers it', async () => {
    let score = 696;
    const s = setup(() => ({ ...credit, score }));
    await s.lookup({ address: ADDR });
    score = 741;
    const fresh = await s.lookup({ address: ADDR }, { fresh: true });
    expect(fresh).toMatchObject({ score: 741, scoreId: 'credit-v1', address: LOWER, extras: { rank: 81 } });
    expect(s.urls).toHaveLength(2);
    // The cache and the recent list still hold the manual lookup only.
    expect((await s.lookup({ address: ADDR })).score).toBe(696);
    expect(s.urls).toHaveLength(2);
    expect((await recent.load()).map((r) => r.score)).toEqual([696]);
  });

  it('remembers successful lookups, newest first', async () => {
    const s = setup(() => credit);
    await s.lookup({ address: ADDR });
    await s.lookup({ address: ADDR, scoreId: 'credit-lite' });
    expect((await recent.load()).map((r) => [r.address, r.scoreId, r.score])).toEqual([
      [LOWER, 'credit-lite', 696],
      [LOWER, 'credit-v1', 696],
    ]);
  });
});

describe('score.lookup route', () => {
  const ID = 'extid';
  const EXT = 'chrome-extension://extid';
  const listen = (deps: ScoreLookupDeps) => createMessageListener(scoreRoutes(deps), ID, EXT, 'test-build');
  const msg = (payload: unknown) => ({ channel: CHANNEL, type: 'score.lookup', payload });

  it('answers extension pages and refuses content scripts', async () => {
    const s = setup(() => credit);
    const l = listen(s.deps);
    await expect(l(msg({ address: ADDR }), { id: ID, url: `${EXT}/popup.html`, origin: EXT })).resolves.toMatchObject({ ok: true, value: { score: 696 } });
    const fromPage = { id: ID, url: 'https://x.example/', origin: 'https://x.example', tab: { id: 3, url: 'https://x.example/' }, frameId: 0 };
    await expect(l(msg({ address: ADDR }), fromPage)).resolves.toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
  });

  it('refuses a payload of the wrong shape', async () => {
    const s = setup(() => credit);
    const reply = await listen(s.deps)(msg({ address: 42 }), { id: ID, url: `${EXT}/popup.html`, origin: EXT });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
    expect(s.urls).toHaveLength(0);
  });
});
