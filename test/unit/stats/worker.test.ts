import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { statsRoutes } from '@/lib/stats/worker.ts';
import type { StatsRequest } from '@/lib/stats/query.ts';
import { testCache } from '@/test/unit/cache/fakes.ts';
import { eventually } from '@/test/unit/eventually.ts';

const request: StatsRequest = { op: 'dailyUsers', filters: { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 7 } } };
const caller = { kind: 'extension-page' as const };

function setup() {
  let t = Date.UTC(2024, 0, 31) ;
  const gates: (() => void)[] = [];
  const call = vi.fn(async (_op: string, _params: unknown) => {
    await new Promise<void>((r) => gates.push(r));
    return { dailyUsers: [{ timestamp: 1, numberOfUsers: 2 }] };
  });
  const cache = testCache(async () => ({ call }) as unknown as ApiClient, { ttlMs: 60_000, now: () => t });
  const route = statsRoutes({ cache, now: () => t })['stats.get'];
  const ask = (payload: unknown) => route.handle(route.parse!(payload), caller);
  return { call, gates, ask, advance: (ms: number) => (t += ms), now: () => t };
}

describe('stats.get', () => {
  it('calls the operation with the request\'s parameters and answers the entry with its time', async () => {
    const s = setup();
    const answer = s.ask({ request });
    await eventually(() => expect(s.gates).toHaveLength(1));
    s.gates[0]!();
    expect(await answer).toEqual({ value: { dailyUsers: [{ timestamp: 1, numberOfUsers: 2 }] }, storedAt: s.now() });
    const end = s.now() / 1000;
    expect(s.call).toHaveBeenCalledWith('dailyUsers', { project_id: 'nebula', startTime: end - 7 * 86_400, endTime: end });
  });

  it('shares identical requests in flight: one call to the service', async () => {
    const s = setup();
    const a = s.ask({ request });
    const b = s.ask({ request: structuredClone(request) });
    await eventually(() => expect(s.gates).toHaveLength(1));
    s.gates[0]!();
    expect(await a).toBe(await b);
    expect(s.call).toHaveBeenCalledTimes(1);
  });

  it('answers from the cache within the TTL, and fetches again when forced or once stale', async () => {
    const s = setup();
    const first = s.ask({ request });
    await eventually(() => expect(s.gates).toHaveLength(1));
    s.gates[0]!();
    await first;
    s.advance(30_000);
    await s.ask({ request });
    expect(s.call).toHaveBeenCalledTimes(1);
    const forced = s.ask({ request, force: true });
    await eventually(() => expect(s.gates).toHaveLength(2));
    s.gates[1]!();
    await forced;
    s.advance(61_000);
    const stale = s.ask({ request });
    await eventually(() => expect(s.gates).toHaveLength(3));
    s.gates[2]!();
    await stale;
    expect(s.call).toHaveBeenCalledTimes(3);
  });

  it('passes service errors through', async () => {
    const cache = testCache(async () => Promise.reject(new ApiError({ kind: 'not-configured', message: 'No API key is set.' })));
    const route = statsRoutes({ cache })['stats.get'];
    await expect(route.handle(route.parse!({ request }), caller)).rejects.toMatchObject({ kind: 'not-configured' });
  });

  it('refuses malformed requests before touching the service', () => {
    const s = setup();
    expect(() => s.ask({ request: { ...request, op: 'verifyProof' } })).toThrow();
    expect(() => s.ask({})).toThrow();
    expect(s.call).not.toHaveBeenCalled();
  });

  it('is open to extension pages only', () => {
    expect(statsRoutes({ cache: testCache(async () => ({}) as ApiClient) })['stats.get'].allow).toEqual(['extension-page']);
  });
});

describe('stats.prepare', () => {
  it('works out the context the fetches will need, and never fails: the stats.get that follows says what is wrong', async () => {
    const client = vi.fn(async () => ({}) as unknown as ApiClient);
    const prepare = statsRoutes({ cache: testCache(client) })['stats.prepare'];
    expect(await prepare.handle({}, caller)).toBeNull();
    expect(client).toHaveBeenCalledTimes(1);

    const refused = statsRoutes({ cache: testCache(async () => Promise.reject(new ApiError({ kind: 'not-configured', message: 'No API key is set.' }))) });
    expect(await refused['stats.prepare'].handle({}, caller)).toBeNull();
    await expect(refused['stats.get'].handle({ request, force: false }, caller)).rejects.toMatchObject({ kind: 'not-configured' });
  });
});
