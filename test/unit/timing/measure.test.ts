import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/api/client.ts';
import { statsRoutes } from '@/lib/stats/worker.ts';
import type { StatsRequest } from '@/lib/stats/query.ts';
import { SPAN_PREFIX } from '@/lib/timing/measure.ts';
import { testCache } from '@/test/unit/cache/fakes.ts';

/** The `vantage:` entries on this timeline (the worker's, in the extension). */
const spans = () => performance.getEntries().filter((e) => e.name.startsWith(SPAN_PREFIX));

beforeEach(() => performance.clearMeasures());
afterEach(() => vi.unstubAllEnvs());

describe('timing spans', () => {
  it('a worker answering request after request keeps no timing entry for any of them (a product build)', async () => {
    const call = vi.fn(async () => ({ dailyUsers: [{ timestamp: 1, numberOfUsers: 2 }] }));
    const cache = testCache(async () => ({ call }) as unknown as ApiClient, { ttlMs: 60_000 });
    const route = statsRoutes({ cache })['stats.get'];
    const request: StatsRequest = { op: 'dailyUsers', filters: { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 7 } } };
    // As many as 300 popup opens ask for (5 blocks each), each fetched anew.
    for (let i = 0; i < 1500; i++) await route.handle(route.parse!({ request, force: true }), { kind: 'extension-page' });
    expect(call).toHaveBeenCalledTimes(1500);
    expect(spans()).toEqual([]);
  });

  it('a benchmark build (WXT_SPANS=1) records each span, also of work that fails, for npm run bench:popup', async () => {
    vi.stubEnv('WXT_SPANS', '1');
    vi.resetModules();
    const { measured } = await import('@/lib/timing/measure.ts');
    expect(await measured('worker.fetch', async () => 42)).toBe(42);
    await expect(measured('worker.store', () => Promise.reject(new Error('full')))).rejects.toThrow('full');
    expect(spans().map((e) => [e.entryType, e.name])).toEqual([['measure', 'vantage:worker.fetch'], ['measure', 'vantage:worker.store']]);
  });
});
