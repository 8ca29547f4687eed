import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors.ts';
import type { CacheEntry } from '@/lib/cache/swr.ts';
import { loadStat, type LoaderDeps, type StatState } from '@/lib/stats/loader.ts';
import { requestKey, type StatsRequest } from '@/lib/stats/query.ts';

const request: StatsRequest = { op: 'holderChange', filters: { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } } };
const KEY = requestKey(request);
const TTL = 600_000;

function harness(stored: CacheEntry<unknown> | undefined, fetchImpl: LoaderDeps['fetch']) {
  let t = 1_000_000;
  const timers: { fn: () => void; at: number }[] = [];
  const deps: LoaderDeps = {
    peek: vi.fn(async (key) => (key === KEY ? stored : undefined)),
    fetch: vi.fn(fetchImpl),
    now: () => t,
    ttlMs: TTL,
    setTimer: (fn, ms) => timers.push({ fn, at: t + ms }),
    clearTimer: vi.fn(),
  };
  const states: StatState[] = [];
  return { deps, states, onState: (s: StatState) => states.push(s), timers, advance: (ms: number) => (t += ms), now: () => t };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('loadStat (stale-while-revalidate from a page)', () => {
  it('with the snapshot\'s copy on screen, paints the fresh stored entry and asks the worker nothing', async () => {
    const fresh = { value: { a: 1 }, storedAt: 1_000_000 - 1000 };
    const h = harness(fresh, async () => ({ value: 'x', storedAt: 0 }));
    loadStat(h.deps, request, { hint: { ...fresh } }, h.onState);
    await settle();
    expect(h.states).toEqual([{ status: 'ready', entry: fresh, refreshing: false, error: null }]);
    expect(h.deps.fetch).not.toHaveBeenCalled();
  });

  it('with nothing on screen, asks the worker at once, before the stored read answers', async () => {
    let answerPeek: (e: CacheEntry<unknown> | undefined) => void = () => undefined;
    const next = { value: 'new', storedAt: 1_000_000 };
    const h = harness(undefined, async () => next);
    const deps: LoaderDeps = { ...h.deps, peek: () => new Promise<CacheEntry<unknown> | undefined>((r) => (answerPeek = r)) };
    loadStat(deps, request, {}, h.onState);
    expect(h.deps.fetch).toHaveBeenCalledWith(request, false);
    await settle();
    expect(h.states).toEqual([]);
    answerPeek(undefined);
    await settle();
    expect(h.states).toEqual([{ status: 'loading' }, { status: 'ready', entry: next, refreshing: false, error: null }]);
  });

  it('with nothing on screen but a fresh stored entry, paints that entry once: the worker\'s answer (the same entry) changes nothing', async () => {
    const fresh = { value: { a: 1 }, storedAt: 1_000_000 - 1000 };
    const h = harness(fresh, async () => ({ ...fresh }));
    loadStat(h.deps, request, {}, h.onState);
    await settle();
    expect(h.states).toEqual([{ status: 'ready', entry: fresh, refreshing: false, error: null }]);
  });

  it('paints a stale entry at once, marked refreshing, then the worker\'s fresh one', async () => {
    const stale = { value: 'old', storedAt: 1_000_000 - TTL - 1 };
    const next = { value: 'new', storedAt: 1_000_000 };
    const h = harness(stale, async () => next);
    loadStat(h.deps, request, {}, h.onState);
    await settle();
    expect(h.states).toEqual([
      { status: 'ready', entry: stale, refreshing: true, error: null },
      { status: 'ready', entry: next, refreshing: false, error: null },
    ]);
    expect(h.deps.fetch).toHaveBeenCalledWith(request, false);
  });

  it('shows loading, then the answer, when nothing is stored', async () => {
    const next = { value: 'new', storedAt: 1 };
    const h = harness(undefined, async () => next);
    loadStat(h.deps, request, {}, h.onState);
    await settle();
    expect(h.states.map((s) => s.status)).toEqual(['loading', 'ready']);
  });

  it('keeps the stored entry on screen when revalidation fails, with the error beside it', async () => {
    const stale = { value: 'old', storedAt: 0 };
    const h = harness(stale, async () => Promise.reject(new ApiError({ kind: 'network', message: 'down' })));
    loadStat(h.deps, request, {}, h.onState);
    await settle();
    expect(h.states.at(-1)).toEqual({ status: 'ready', entry: stale, refreshing: false, error: { kind: 'network', message: 'down' } });
  });

  it('reports an error when there is nothing to show', async () => {
    const h = harness(undefined, async () => Promise.reject(new ApiError({ kind: 'not-configured', message: 'No API key is set.' })));
    loadStat(h.deps, request, {}, h.onState);
    await settle();
    expect(h.states.at(-1)).toMatchObject({ status: 'error', error: { kind: 'not-configured' }, refreshing: false });
  });

  it('retries a rate-limited request at the time the service named', async () => {
    let calls = 0;
    const h = harness(undefined, async () => {
      calls++;
      if (calls === 1) throw new ApiError({ kind: 'rate-limited', message: 'slow down', retryAt: 1_000_000 + 20_000 });
      return { value: 'ok', storedAt: 2 };
    });
    loadStat(h.deps, request, {}, h.onState);
    await settle();
    expect(h.states.at(-1)).toMatchObject({ status: 'error', error: { kind: 'rate-limited' }, refreshing: true });
    expect(h.timers).toEqual([{ fn: expect.any(Function), at: 1_000_000 + 20_000 }]);
    h.timers[0]!.fn();
    await settle();
    expect(h.states.at(-1)).toMatchObject({ status: 'ready', entry: { value: 'ok' } });
  });

  it.each([
    ['already past', 1_000_000 - 5_000, 1_000],
    ['now (Retry-After: 0)', 1_000_000, 1_000],
    ['hours away', 1_000_000 + 3 * 3_600_000, 300_000],
  ])('bounds a retry time %s to 1 s … 5 min', async (_label, retryAt, wait) => {
    const h = harness(undefined, async () => Promise.reject(new ApiError({ kind: 'rate-limited', message: 'slow down', retryAt })));
    loadStat(h.deps, request, {}, h.onState);
    await settle();
    expect(h.timers).toEqual([{ fn: expect.any(Function), at: 1_000_000 + wait }]);
  });

  it('a forced load revalidates a fresh entry and keeps showing the current one meanwhile', async () => {
    const current = { value: 'shown', storedAt: 1_000_000 };
    const h = harness(current, async () => ({ value: 'newer', storedAt: 1_000_001 }));
    loadStat(h.deps, request, { force: true, current }, h.onState);
    await settle();
    expect(h.deps.peek).not.toHaveBeenCalled();
    expect(h.deps.fetch).toHaveBeenCalledWith(request, true);
    expect(h.states).toEqual([
      { status: 'ready', entry: current, refreshing: true, error: null },
      { status: 'ready', entry: { value: 'newer', storedAt: 1_000_001 }, refreshing: false, error: null },
    ]);
  });

  describe('with a hint already painted from the paint snapshot', () => {
    it('keeps the hint (the same object) when storage holds the same entry, and asks the worker nothing while fresh', async () => {
      const stored = { value: { a: 1 }, storedAt: 1_000_000 - 1000 };
      const hint = { ...stored };
      const h = harness(stored, async () => ({ value: 'x', storedAt: 0 }));
      loadStat(h.deps, request, { hint }, h.onState);
      await settle();
      expect(h.deps.peek).toHaveBeenCalledWith(KEY);
      expect(h.states).toHaveLength(1);
      expect(h.states[0]).toEqual({ status: 'ready', entry: hint, refreshing: false, error: null });
      expect((h.states[0] as { entry: unknown }).entry).toBe(hint);
      expect(h.deps.fetch).not.toHaveBeenCalled();
    });

    it('replaces the hint by a newer stored entry', async () => {
      const stored = { value: 'newer', storedAt: 1_000_000 - 10 };
      const h = harness(stored, async () => ({ value: 'x', storedAt: 0 }));
      loadStat(h.deps, request, { hint: { value: 'older', storedAt: 5 } }, h.onState);
      await settle();
      expect(h.states).toEqual([{ status: 'ready', entry: stored, refreshing: false, error: null }]);
    });

    it('takes the hint down when storage no longer has the entry (the cache was cleared), then fetches', async () => {
      const next = { value: 'from the new service', storedAt: 1_000_000 };
      const h = harness(undefined, async () => next);
      loadStat(h.deps, request, { hint: { value: 'old service', storedAt: 5 } }, h.onState);
      await settle();
      expect(h.states).toEqual([{ status: 'loading' }, { status: 'ready', entry: next, refreshing: false, error: null }]);
    });

    it('revalidates a stale hint, showing it as refreshing meanwhile', async () => {
      const stale = { value: 'old', storedAt: 1_000_000 - TTL - 1 };
      const h = harness(stale, async () => ({ value: 'new', storedAt: 1_000_000 }));
      loadStat(h.deps, request, { hint: stale }, h.onState);
      await settle();
      expect(h.states.map((s) => s.status === 'ready' && [s.entry.value, s.refreshing])).toEqual([['old', true], ['new', false]]);
    });
  });

  it('reports nothing after it is cancelled, and clears a pending retry', async () => {
    const h = harness(undefined, async () => Promise.reject(new ApiError({ kind: 'rate-limited', message: 'x', retryAt: 1_000_500 })));
    const cancel = loadStat(h.deps, request, {}, h.onState);
    await settle();
    const seen = h.states.length;
    cancel();
    expect(h.deps.clearTimer).toHaveBeenCalled();
    h.timers[0]!.fn();
    await settle();
    expect(h.states).toHaveLength(seen);
  });
});
