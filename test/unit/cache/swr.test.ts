import { describe, expect, it, vi } from 'vitest';
import { cacheKey, createSwrCache, isFreshAt, type CacheEntry } from '@/lib/cache/swr.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';
import { eventually } from '@/test/unit/eventually.ts';

function setup(ttlMs = 1000) {
  let t = 10_000;
  const store = memoryStore<string>();
  const cache = createSwrCache<string>({ store, ttlMs, now: () => t });
  return { cache, store, advance: (ms: number) => (t += ms), now: () => t };
}

/** A fetcher whose answers the test releases by hand. */
function deferredFetcher() {
  const pending: { resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const fetcher = vi.fn(() => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })));
  return { fetcher, pending };
}

describe('SWR cache: TTL', () => {
  it('fetches on a miss, stores the value with its time, and serves it while fresh', async () => {
    const { cache, store, advance, now } = setup();
    const fetcher = vi.fn(async () => 'v1');
    const first = await cache.get('k', fetcher);
    expect(first).toEqual({ value: 'v1', storedAt: now() });
    expect(store.entries.get('k')).toEqual(first);
    advance(999);
    expect(await cache.get('k', fetcher)).toBe(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('refetches once the TTL has passed, and a per-call TTL overrides the default', async () => {
    const { cache, advance } = setup(1000);
    let n = 0;
    const fetcher = vi.fn(async () => `v${++n}`);
    await cache.get('k', fetcher);
    advance(1000);
    expect((await cache.get('k', fetcher)).value).toBe('v2');
    advance(5000);
    expect((await cache.get('k', fetcher, { ttlMs: 60_000 })).value).toBe('v2');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('treats an entry from the future (clock moved back) as stale', async () => {
    const { cache, store, now } = setup();
    await store.set('k', { value: 'old', storedAt: now() + 60_000 });
    expect(isFreshAt((await cache.peek('k'))!, now(), 1000)).toBe(false);
    expect((await cache.get('k', async () => 'new')).value).toBe('new');
  });

  it('does not cache failures: the last good entry stays', async () => {
    const { cache, advance } = setup();
    await cache.get('k', async () => 'good');
    advance(2000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.peek('k'))?.value).toBe('good');
  });

  it('answers before the store has written; until then it reads the answer as stored, and fetches nothing more', async () => {
    let release: () => void = () => undefined;
    const written = new Map<string, CacheEntry<string>>();
    const cache = createSwrCache<string>({
      store: {
        get: async (k) => written.get(k),
        set: (k, e) => new Promise<void>((r) => (release = () => (written.set(k, e), r()))),
      },
      ttlMs: 1000,
      now: () => 10_000,
    });
    const fetcher = vi.fn(async () => 'v');
    const answer = await cache.get('k', fetcher);
    expect(written.has('k')).toBe(false);
    expect(await cache.peek('k')).toBe(answer);
    expect(await cache.get('k', fetcher)).toBe(answer);
    expect(fetcher).toHaveBeenCalledTimes(1);
    release();
    await eventually(() => expect(written.get('k')).toEqual(answer));
    expect(await cache.peek('k')).toEqual(answer);
  });

  it('keeps the fetched value even when the store cannot write', async () => {
    const cache = createSwrCache<string>({
      store: { get: async () => undefined, set: async () => Promise.reject(new Error('quota')) },
      ttlMs: 1000,
    });
    expect((await cache.get('k', async () => 'v')).value).toBe('v');
  });
});

describe('SWR cache: in-flight sharing', () => {
  it('identical requests in flight share one fetch, whichever method asks', async () => {
    const { cache } = setup();
    const { fetcher, pending } = deferredFetcher();
    const a = cache.get('k', fetcher);
    const b = cache.get('k', fetcher);
    const c = cache.refresh('k', fetcher);
    await eventually(() => expect(pending).toHaveLength(1));
    pending[0]!.resolve('v');
    const [ea, eb, ec] = await Promise.all([a, b, c]);
    expect(ea).toBe(eb);
    expect(eb).toBe(ec);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('different keys fetch separately; a finished fetch frees the key for the next one', async () => {
    const { cache } = setup();
    const fetcher = vi.fn(async () => 'v');
    await Promise.all([cache.refresh('a', fetcher), cache.refresh('b', fetcher)]);
    await cache.refresh('a', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('a shared failure reaches every waiter and is not remembered', async () => {
    const { cache } = setup();
    const { fetcher, pending } = deferredFetcher();
    const a = cache.get('k', fetcher);
    const b = cache.get('k', fetcher);
    await eventually(() => expect(pending).toHaveLength(1));
    pending[0]!.reject(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    await expect(b).rejects.toThrow('boom');
    const again = cache.get('k', fetcher);
    await eventually(() => expect(pending).toHaveLength(2));
    pending[1]!.resolve('ok');
    expect((await again).value).toBe('ok');
  });
});

describe('SWR cache: invalidation', () => {
  it('a fetch running when the cache is invalidated answers its caller but stores nothing', async () => {
    const { cache, store } = setup();
    const { fetcher, pending } = deferredFetcher();
    const late = cache.get('k', fetcher);
    await eventually(() => expect(pending).toHaveLength(1));
    cache.invalidate();
    pending[0]!.resolve('from before');
    expect((await late).value).toBe('from before');
    expect(store.entries.has('k')).toBe(false);
    // Nothing is left running for the key: the next call fetches anew.
    const next = cache.refresh('k', fetcher);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('after');
    expect((await next).value).toBe('after');
  });

  it('a call after the invalidation does not join the earlier fetch, and its own answer is stored', async () => {
    const { cache, store } = setup();
    const { fetcher, pending } = deferredFetcher();
    const before = cache.get('k', fetcher);
    await eventually(() => expect(pending).toHaveLength(1));
    cache.invalidate();
    const after = cache.get('k', fetcher);
    await eventually(() => expect(pending).toHaveLength(2));
    pending[0]!.resolve('old');
    await before;
    // The old fetch ending does not free the new one's key: a refresh now shares the running fetch.
    const third = cache.refresh('k', fetcher);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('new');
    expect((await after).value).toBe('new');
    expect(await third).toBe(await after);
    expect(store.entries.get('k')?.value).toBe('new');
  });
});

describe('cacheKey', () => {
  it('is the operation id and the set parameters in a stable order', () => {
    expect(cacheKey('holderChange', { project_id: 'nebula', chainId: '1' })).toBe('holderChange?chainId=1&project_id=nebula');
    expect(cacheKey('holderChange', { chainId: '1', project_id: 'nebula' })).toBe(cacheKey('holderChange', { project_id: 'nebula', chainId: '1' }));
  });
  it('leaves unset parameters out and writes numbers and strings alike', () => {
    expect(cacheKey('op', { a: 1, b: '', c: undefined, d: null })).toBe('op?a=1');
    expect(cacheKey('op', { a: '1' })).toBe(cacheKey('op', { a: 1 }));
    expect(cacheKey('op')).toBe('op');
  });
  it('escapes separators inside values, so different parameters never share a key', () => {
    expect(cacheKey('op', { a: 'x&b=y' })).not.toBe(cacheKey('op', { a: 'x', b: 'y' }));
  });
  it('writes object parameters with sorted keys', () => {
    expect(cacheKey('op', { p: { b: 1, a: 2 } })).toBe(cacheKey('op', { p: { a: 2, b: 1 } }));
  });
});

// Typed use (compile-time): entries are read-only data.
const _typed: CacheEntry<number> = { value: 1, storedAt: 0 };
void _typed;
