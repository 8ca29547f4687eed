import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '@/lib/api/client.ts';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import { createMessageListener } from '@/lib/messaging/router.ts';
import type { Notifier, UserNotification } from '@/lib/notify/notifier.ts';
import { toChecksum } from '@/lib/score/address.ts';
import { createScoreLookup } from '@/lib/score/lookup.ts';
import { recentLookups } from '@/lib/score/recent.ts';
import { CHECK_CONCURRENCY, WATCH_DIGEST } from '@/lib/watch/check.ts';
import { DIGEST_ID } from '@/lib/notify/digest.ts';
import { WATCH_ALARM, WATCH_PERIOD_MINUTES } from '@/lib/watch/schedule.ts';
import { listWatched, watchlistStore, type WatchlistStore } from '@/lib/watch/store.ts';
import { HISTORY_LIMIT } from '@/lib/watch/watchlist.ts';
import { createWatchWorker, listenToWatchAlarm, watchRoutes, watchService, type WatchService } from '@/lib/watch/worker.ts';
import { scoreWorker } from '@/lib/score/worker.ts';
import type { WorkerDeps } from '@/lib/background/feature.ts';
import { testCache } from '@/test/unit/cache/fakes.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { eventually } from '@/test/unit/eventually.ts';

/**
 * The watchlist's schedule against a fake clock: the alarm, the re-scores
 * it runs through the real score lookup and API client (over a fake fetch),
 * the bounded history, band changes told once, and politeness (bounded
 * concurrency, Retry-After honoured, a lasting 429 ends the round).
 */

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const HOUR = 3_600_000;
const PERIOD_MS = WATCH_PERIOD_MINUTES * 60_000;

const addr = (i: number) => `0x${i.toString(16).padStart(40, 'a')}` as `0x${string}`;

interface FakeServiceOptions {
  /** The score the service computes for an address at a time (ms). */
  score: (address: string, at: number) => number;
  /** Answer 429 (with this Retry-After, seconds) instead, for a request. */
  limit?: (address: string, call: number) => number | null;
  /** Holds each answer until the test lets it go (to count requests in flight). */
  gate?: () => Promise<void>;
}

/** calculateCustomScore as a service computes it, behind the real ApiClient (retries, Retry-After, 429). */
function fakeService(o: FakeServiceOptions) {
  const asked: string[] = [];
  const waits: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const address = url.pathname.split('/').at(-1)!;
    asked.push(address);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await o.gate?.();
      const limited = o.limit?.(address, asked.filter((a) => a === address).length);
      if (limited != null) return new Response('{"message":"slow down"}', { status: 429, headers: { 'retry-after': String(limited) } });
      return Response.json({ score: o.score(address, Date.now()), entityId: address });
    } finally {
      inFlight--;
    }
  }) as typeof globalThis.fetch;
  const client = new ApiClient({
    apiKey: 'k', dataBaseUrl: 'http://127.0.0.1:9/dev', integrationBaseUrl: 'http://127.0.0.1:9/v1', fetch,
    // The client's own backoff, its waits recorded instead of slept.
    backoff: { retries: 1, baseDelayMs: 500, maxDelayMs: 10_000 },
    sleep: async (ms) => void waits.push(ms),
  });
  return { asked, waits, client, maxInFlight: () => maxInFlight };
}

class RecordingNotifier implements Notifier {
  readonly shown: UserNotification[] = [];
  async show(n: UserNotification) {
    this.shown.push(n);
    return true;
  }
}

interface World {
  service: ReturnType<typeof fakeService>;
  store: WatchlistStore;
  notifier: RecordingNotifier;
  watch: WatchService;
}

/** `wrap` puts something between the service and its store (to watch what the service asks of it). */
function world(o: FakeServiceOptions, wrap: (s: WatchlistStore) => WatchlistStore = (s) => s): World {
  const service = fakeService(o);
  const store = wrap(watchlistStore(memoryVault()));
  const notifier = new RecordingNotifier();
  const watch = watchService({
    store,
    lookup: createScoreLookup({ cache: testCache(async () => service.client, { now: () => Date.now() }), settings: async () => ({ scoreId: 'credit-v1' }), remember: async () => undefined }),
    notifier,
    alarms: fakeBrowser.alarms,
    defaultModel: async () => 'credit-v1',
    now: () => Date.now(),
  });
  return { service, store, notifier, watch };
}

/**
 * Moves the fake clock on, firing the alarms that come due on the way as
 * the browser does: never early, each at most once per due time, then
 * rescheduled one period on. Waits for each fired check to finish.
 */
async function advance(w: World, ms: number): Promise<number> {
  const end = Date.now() + ms;
  let fired = 0;
  for (;;) {
    const due = (await fakeBrowser.alarms.getAll()).filter((a) => a.scheduledTime <= end).sort((a, b) => a.scheduledTime - b.scheduledTime)[0];
    if (!due) break;
    vi.setSystemTime(due.scheduledTime);
    if (due.periodInMinutes) await fakeBrowser.alarms.create(due.name, { when: due.scheduledTime + due.periodInMinutes * 60_000, periodInMinutes: due.periodInMinutes });
    else await fakeBrowser.alarms.clear(due.name);
    await fakeBrowser.alarms.onAlarm.trigger(due);
    await w.watch.check(); // the check the alarm started (one at a time: this joins it)
    fired++;
  }
  vi.setSystemTime(end);
  return fired;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the watch schedule', () => {
  it('arms a 6-hourly alarm with the first watch, re-scores on it, and disarms it with the last removal', async () => {
    const w = world({ score: () => 700 });
    listenToWatchAlarm(w.watch, fakeBrowser.alarms);
    expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeFalsy();

    await w.watch.add({ address: toChecksum(addr(1)) });
    expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toMatchObject({ periodInMinutes: 360, scheduledTime: T0 + PERIOD_MS });
    // Watching looks the address up once (the lookup just made, or a fresh one): the history's first point.
    expect(w.service.asked).toEqual([addr(1)]);
    expect((await w.store.get())[0]).toMatchObject({ address: addr(1), model: 'credit-v1', addedAt: T0, history: [[T0, 700]] });

    // A second watch keeps the schedule as it was.
    vi.setSystemTime(T0 + HOUR);
    await w.watch.add({ address: addr(2), model: 'activity' });
    expect((await fakeBrowser.alarms.get(WATCH_ALARM))?.scheduledTime).toBe(T0 + PERIOD_MS);

    // Nothing before the period is up; then each address once, fresh (the lookup cache would still serve within 2 min).
    expect(await advance(w, PERIOD_MS - HOUR - 1)).toBe(0);
    expect(w.service.asked).toHaveLength(2);
    expect(await advance(w, 1)).toBe(1);
    expect(w.service.asked.slice(2).sort()).toEqual([addr(1), addr(2)]);
    expect(await advance(w, 2 * PERIOD_MS)).toBe(2);
    expect(w.service.asked).toHaveLength(8);
    const [one] = await w.store.get();
    expect(one!.history.map(([at]) => at)).toEqual([T0, T0 + PERIOD_MS, T0 + 2 * PERIOD_MS, T0 + 3 * PERIOD_MS]);
    expect(one!.checkedAt).toBe(T0 + 3 * PERIOD_MS);

    await w.watch.remove({ address: toChecksum(addr(1)), model: 'credit-v1' });
    expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeTruthy();
    await w.watch.remove({ address: addr(2), model: 'activity' });
    expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeFalsy();
    expect(await advance(w, 3 * PERIOD_MS)).toBe(0);
    expect(w.service.asked).toHaveLength(8);
  });

  it('tells of a band change once, with where a click goes, and not of moves inside a band', async () => {
    // Good (670–739) until day 2, Very Good (740+) from then on; small moves meanwhile.
    const w = world({ score: (a, at) => (a === addr(1) ? (at < T0 + 2 * 24 * HOUR ? 700 + Math.floor((at - T0) / PERIOD_MS) : 745) : 650) });
    listenToWatchAlarm(w.watch, fakeBrowser.alarms);
    await w.watch.add({ address: addr(1) });
    await w.watch.add({ address: addr(3) });
    await advance(w, 2 * 24 * HOUR - 1);
    expect(w.notifier.shown).toEqual([]);
    expect((await listWatched(w.store))[0]).toMatchObject({ score: 707, band: 'Good' });

    await advance(w, 1);
    expect(w.notifier.shown).toEqual([{
      id: `watch:credit-v1:${addr(1)}`,
      title: 'Score band changed: Very Good',
      message: `${toChecksum(addr(1)).slice(0, 6)}…${toChecksum(addr(1)).slice(-4)} (credit-v1) went from Good to Very Good: score 745.`,
      target: { page: 'score', address: toChecksum(addr(1)), model: 'credit-v1' },
    }]);
    await advance(w, 3 * PERIOD_MS);
    expect(w.notifier.shown).toHaveLength(1);
    expect(await listWatched(w.store)).toEqual([
      { address: addr(1), model: 'credit-v1', score: 745, band: 'Very Good' },
      { address: addr(3), model: 'credit-v1', score: 650, band: 'Fair' },
    ]);
  });

  it('tells of several band changes from one check in one digest, which leads to the watchlist', async () => {
    // A recalibrated model: every watched address moves from Good to Very Good at once.
    const w = world({ score: (_a, at) => (at < T0 + PERIOD_MS ? 700 : 745) });
    listenToWatchAlarm(w.watch, fakeBrowser.alarms);
    for (let i = 1; i <= 7; i++) await w.watch.add({ address: addr(i) });
    await advance(w, PERIOD_MS);
    const line = (i: number) => `Score band changed: Very Good: ${toChecksum(addr(i)).slice(0, 6)}…${toChecksum(addr(i)).slice(-4)} (credit-v1) went from Good to Very Good: score 745.`;
    expect(w.notifier.shown).toEqual([{
      id: WATCH_DIGEST.id,
      title: 'Vantage: 7 score band changes',
      message: [1, 2, 3, 4, 5].map(line).concat('and 2 more').join('\n'),
      target: { page: 'watchlist' },
    }]);
    // Its own id: a digest of alerts does not replace it, nor it one of alerts.
    expect(WATCH_DIGEST.id).not.toBe(DIGEST_ID);
  });

  it('keeps the last 30 points of each address, so 50 addresses stay far under 1 MB', async () => {
    const w = world({ score: (a, at) => 600 + ((parseInt(a.slice(-4), 16) + at / PERIOD_MS) % 200) });
    listenToWatchAlarm(w.watch, fakeBrowser.alarms);
    for (let i = 0; i < 50; i++) await w.watch.add({ address: addr(i) });
    await advance(w, 40 * PERIOD_MS);
    const list = await w.store.get();
    expect(list).toHaveLength(50);
    for (const e of list) {
      expect(e.history).toHaveLength(HISTORY_LIMIT);
      expect(e.history.at(-1)![0]).toBe(T0 + 40 * PERIOD_MS);
    }
    const bytes = new TextEncoder().encode(JSON.stringify(await fakeBrowser.storage.local.get(null))).length;
    expect(bytes).toBeLessThan(1024 * 1024);
    expect(bytes).toBeGreaterThan(50 * HISTORY_LIMIT * 10); // it is really there, sealed
    // Sealed: no address or score in clear text.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(addr(7).slice(2));
  });
});

describe('a check, politely', () => {
  it('keeps at most a few lookups in flight', async () => {
    let release!: () => void;
    let gateOpen = new Promise<void>((r) => (release = r));
    const w = world({ score: () => 700, gate: () => gateOpen });
    gateOpen = Promise.resolve();
    for (let i = 0; i < 12; i++) await w.watch.add({ address: addr(i) });
    const before = w.service.asked.length;
    gateOpen = new Promise<void>((r) => (release = r));
    const check = w.watch.check();
    await eventually(() => expect(w.service.asked.length - before).toBe(CHECK_CONCURRENCY));
    release();
    gateOpen = Promise.resolve();
    expect(await check).toMatchObject({ asked: 12, scored: 12, failed: 0, skipped: 0 });
    expect(w.service.maxInFlight()).toBe(CHECK_CONCURRENCY);
  });

  it('waits as long as a 429 says and goes on', async () => {
    const w = world({ score: () => 700, limit: (a, n) => (a === addr(2) && n === 2 ? 7 : null) });
    await w.watch.add({ address: addr(1) });
    await w.watch.add({ address: addr(2) });
    expect(await w.watch.check()).toMatchObject({ asked: 2, scored: 2 });
    expect(w.service.waits).toEqual([7000]);
  });

  it('ends the round on a 429 that outlasts the retries: the rest waits for the next alarm', async () => {
    const w = world({ score: () => 700, limit: (_a, n) => (n >= 2 ? 30 : null) });
    for (let i = 0; i < 10; i++) await w.watch.add({ address: addr(i) });
    vi.setSystemTime(T0 + HOUR);
    const report = await w.watch.check();
    expect(report.stoppedBy).toBe('rate-limited');
    expect(report.scored).toBe(0);
    // Only what was already in flight when the 429 came back was asked.
    expect(report.asked).toBeLessThanOrEqual(CHECK_CONCURRENCY);
    expect(report.skipped).toBe(10 - report.asked);
    const list = await w.store.get();
    const failed = list.filter((e) => e.lastError);
    expect(failed).toHaveLength(report.asked);
    expect(failed[0]).toMatchObject({ checkedAt: T0 + HOUR, lastError: { kind: 'rate-limited' }, history: [[T0, 700]] });
  });

  it('leaves an address removed while a check ran removed', async () => {
    let release!: () => void;
    let gate = Promise.resolve();
    const w = world({ score: () => 700, gate: () => gate });
    await w.watch.add({ address: addr(1) });
    await w.watch.add({ address: addr(2) });
    gate = new Promise<void>((r) => (release = r));
    const check = w.watch.check();
    await w.watch.remove({ address: addr(1), model: 'credit-v1' });
    release();
    await check;
    expect((await w.store.get()).map((e) => e.address)).toEqual([addr(2)]);
  });
  it('keeps "Remove all" when a check was writing its scores as the user removed everything', async () => {
    // What "Remove all" asked of the store: its removal done (as it was), or queued behind the writes under way.
    let clearing = false;
    let asked!: () => void;
    const clearAsked = new Promise<void>((r) => (asked = r));
    const w = world({ score: () => 700 }, (s) => ({
      ...s,
      update: (fn) => {
        const done = s.update(fn);
        if (clearing) asked();
        return done;
      },
      clear: async () => {
        await s.clear();
        asked();
      },
    }));
    await w.watch.add({ address: addr(1) });
    await w.watch.add({ address: addr(2) });
    // The check's write of the list is held in the storage call, as a slow disk would.
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let writing!: () => void;
    const checkWrites = new Promise<void>((r) => (writing = r));
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if ('watchlist' in items) {
        writing();
        await held;
      }
      return set(items);
    });
    vi.setSystemTime(T0 + HOUR);
    const check = w.watch.check();
    await checkWrites;
    clearing = true;
    const cleared = w.watch.clear();
    await clearAsked;
    release();
    expect(await cleared).toEqual({ removed: 2 });
    expect(await check).toMatchObject({ scored: 2 });
    expect(await w.store.get()).toEqual([]);
    expect(await w.watch.list()).toEqual([]);
    expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeFalsy();
  });
});

describe('watch operations', () => {
  it('refuses a bad address, keeps one entry per (address, model), and removes all', async () => {
    const w = world({ score: () => 700 });
    await expect(w.watch.add({ address: '0x1234' })).rejects.toMatchObject({ kind: 'invalid-params', param: 'entity_address' });
    await w.watch.add({ address: addr(1) });
    await w.watch.add({ address: toChecksum(addr(1)), model: 'credit-v1' });
    await w.watch.add({ address: addr(1), model: 'activity' });
    expect((await w.watch.list()).map((s) => s.model)).toEqual(['credit-v1', 'activity']);
    expect(await w.watch.clear()).toEqual({ removed: 2 });
    expect(await w.watch.list()).toEqual([]);
    expect(await fakeBrowser.alarms.get(WATCH_ALARM)).toBeFalsy();
  });

  it('watches even when the service is down; the first check starts the history', async () => {
    let down = true;
    const w = world({ score: () => 700, limit: () => (down ? 60 : null) });
    const added = await w.watch.add({ address: addr(1) });
    expect(added).toEqual({ address: addr(1), model: 'credit-v1', score: null, band: null });
    down = false;
    vi.setSystemTime(T0 + HOUR);
    await w.watch.check();
    expect(await w.watch.list()).toEqual([{ address: addr(1), model: 'credit-v1', score: 700, band: 'Good' }]);
  });

  it('exports every point as CSV, checksummed, times in UTC', async () => {
    const w = world({ score: (_a, at) => (at === T0 ? 579 : 580) });
    await w.watch.add({ address: addr(1) });
    await w.watch.add({ address: addr(2), model: 'x,y' });
    await w.store.update((l) => l.map((e) => (e.address === addr(2) ? { ...e, history: [] } : e)));
    vi.setSystemTime(T0 + HOUR);
    await w.watch.check();
    await w.store.update((l) => l.map((e) => (e.address === addr(2) ? { ...e, history: [] } : e)));
    const { fileName, csv } = await w.watch.exportCsv();
    expect(fileName).toBe('vantage-watchlist-2026-01-05.csv');
    expect(csv.split('\r\n')).toEqual([
      'address,model,watched_since,checked_at,score,band',
      `${toChecksum(addr(1))},credit-v1,2026-01-05T09:00:00.000Z,2026-01-05T09:00:00.000Z,579,Poor`,
      `${toChecksum(addr(1))},credit-v1,2026-01-05T09:00:00.000Z,2026-01-05T10:00:00.000Z,580,Fair`,
      `${toChecksum(addr(2))},"x,y",2026-01-05T09:00:00.000Z,,,`,
      '',
    ]);
  });

  it('as wired in the worker, keeps scheduled re-scores out of the recent lookups', async () => {
    const vault = memoryVault();
    const { client } = fakeService({ score: () => 700 });
    const cache = testCache(async () => client);
    const { routes } = createWatchWorker(() => new RecordingNotifier()).init({ cache, vault } as unknown as WorkerDeps);
    const caller = { kind: 'extension-page' } as const;
    await routes!['watch.add']!.handle({ address: addr(1), model: 'credit-v1' }, caller);
    await routes!['watch.check']!.handle({}, caller);
    expect(await recentLookups(vault).load()).toEqual([]);
    // The same lookup path the Score panel uses: the score worker does remember.
    await scoreWorker.init({ cache, vault } as unknown as WorkerDeps).routes!['score.lookup']!.handle({ address: addr(1), scoreId: 'credit-v1' }, caller);
    expect((await recentLookups(vault).load()).map((r) => r.address)).toEqual([addr(1)]);
  });
});

describe('watch routes', () => {
  const ID = 'extid';
  const EXT = 'chrome-extension://extid';
  const msg = (type: string, payload: unknown = {}) => ({ channel: CHANNEL, type, payload });
  const fromExtension = { id: ID, url: `${EXT}/popup.html`, origin: EXT };
  const fromContentScript = { id: ID, url: 'https://x.example/', origin: 'https://x.example', tab: { id: 3, url: 'https://x.example/' }, frameId: 0 };

  it('answers extension pages and refuses every content script, reading or writing', async () => {
    const w = world({ score: () => 742 });
    const listener = createMessageListener(watchRoutes(w.watch), ID, EXT, 'test-build');
    await expect(listener(msg('watch.add', { address: addr(1) }), fromExtension)).resolves.toEqual({
      ok: true, value: { address: addr(1), model: 'credit-v1', score: 742, band: 'Very Good' }, build: 'test-build',
    });
    for (const [type, payload] of [['watch.list', {}], ['watch.export', {}], ['watch.add', { address: addr(2) }], ['watch.remove', { address: addr(1), model: 'credit-v1' }], ['watch.clear', {}], ['watch.check', {}]] as const) {
      await expect(listener(msg(type, payload), fromContentScript)).resolves.toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
    }
    expect(await w.watch.list()).toHaveLength(1);
    await expect(listener(msg('watch.remove', { address: addr(1) }), fromExtension)).resolves.toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
    await expect(listener(msg('watch.remove', { address: addr(1), model: 'credit-v1' }), fromExtension)).resolves.toEqual({ ok: true, value: { removed: true }, build: 'test-build' });
  });
});
