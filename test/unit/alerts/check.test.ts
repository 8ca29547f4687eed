import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { releaseHeld, ruleRequest, runAlertCheck, type AlertCheckDeps } from '@/lib/alerts/check.ts';
import type { AlertRule } from '@/lib/alerts/rule.ts';
import { DEFAULT_SCHEDULE, isQuiet, quietEnd, type AlertSchedule } from '@/lib/alerts/schedule.ts';
import { DIGEST_ID } from '@/lib/notify/digest.ts';
import { comparedPeriods } from '@/lib/stats/periods.ts';
import { fetchStat } from '@/lib/stats/worker.ts';
import { headlineNeeds } from '@/lib/stats/headline.ts';
import type { UserNotification } from '@/lib/notify/notifier.ts';
import { testCache } from '@/test/unit/cache/fakes.ts';
import { memoryAlertStore } from '@/test/unit/fakes/memory-alert-store.ts';
import { DAY_S, HOUR, T0, dailyUsersBody, dayOf, fakeClock, holdersBody, rule } from './fixtures.ts';

/** A service whose numbers the test sets; counts calls per operation. */
function world(rules: readonly AlertRule[], schedule: AlertSchedule = DEFAULT_SCHEDULE) {
  const numbers = { total: 900, whales: 10 };
  const calls: string[] = [];
  let down = false;
  const client = {
    call: async (op: string) => {
      calls.push(op);
      if (down) throw new ApiError({ kind: 'network', message: 'unreachable' });
      return op === 'holderChange' ? holdersBody(numbers.total) : { whales: numbers.whales, normalWallets: 5, forgottenWallets: 1 };
    },
  } as unknown as ApiClient;
  const clock = fakeClock(T0 + 12 * HOUR);
  const shown: UserNotification[] = [];
  const store = memoryAlertStore();
  const deps: AlertCheckDeps = {
    // A TTL of 0: every check asks the service, as a scheduled check past the TTL does.
    cache: testCache(async () => client, { ttlMs: 0, now: clock.now }),
    store,
    notifier: { show: async (n) => (shown.push(n), true) },
    clock,
  };
  const ready = Promise.all([store.saveRules(rules), store.saveSchedule(schedule)]);
  const check = async (opts = {}) => {
    await ready;
    return runAlertCheck(deps, clock.now(), opts);
  };
  return { numbers, calls, clock, shown, store, check, setDown: (v: boolean) => void (down = v) };
}

const totalAbove = (id: string, value: number) => rule({ id, metric: 'totalHolders', condition: { kind: 'above', value } });
const whalesAbove = (id: string, value: number) => rule({ id, metric: 'whales', condition: { kind: 'above', value } });

describe('runAlertCheck', () => {
  it('fetches each distinct request once, and tells one crossing as its own notification', async () => {
    const w = world([totalAbove('a', 1000), totalAbove('b', 5000)]);
    await w.check({ baseline: true });
    expect(w.calls).toEqual(['holderChange']);
    w.numbers.total = 1500;
    w.clock.advance(HOUR);
    const report = await w.check();
    expect(report).toEqual({ checked: 2, failed: 0, fired: 1, held: 0, shown: 1 });
    expect(w.shown).toEqual([{
      id: 'alert-a',
      title: 'Total holders, nebula',
      message: 'Crossed above 1,000: 1,500.',
      target: { page: 'dashboard', project: 'nebula', metric: 'totalHolders' },
    }]);
    const { state } = await w.store.load();
    expect(state.rules.b).toMatchObject({ lastValue: 1500, lastCheck: T0 + 13 * HOUR });
    expect(state.lastRun).toBe(T0 + 13 * HOUR);
  });

  it('sends a digest when two or more fire in one check', async () => {
    const w = world([totalAbove('a', 1000), whalesAbove('b', 20), totalAbove('c', 99_999)]);
    await w.check({ baseline: true });
    Object.assign(w.numbers, { total: 2000, whales: 25 });
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ fired: 2, shown: 1 });
    expect(w.shown).toHaveLength(1);
    expect(w.shown[0]).toMatchObject({
      id: DIGEST_ID,
      title: 'Vantage: 2 alerts',
      message: 'Total holders, nebula: Crossed above 1,000: 2,000.\nWhales, nebula: Crossed above 20: 25.',
      // Two metrics of one project: its dashboard.
      target: { page: 'dashboard', project: 'nebula' },
    });
  });

  it('holds notifications back over quiet hours and tells them as a digest when they end', async () => {
    // 22:00–07:00 local; local = UTC+1, so quiet from 21:00 to 06:00 UTC.
    const w = world([totalAbove('a', 1000), whalesAbove('b', 20)], { periodMinutes: 60, quiet: { enabled: true, start: '22:00', end: '07:00' } });
    w.clock.set(T0 + 20 * HOUR);
    await w.check({ baseline: true });
    w.numbers.total = 2000;
    w.clock.set(T0 + 22 * HOUR); // 23:00 local
    expect(await w.check()).toMatchObject({ fired: 1, held: 1, shown: 0 });
    w.numbers.whales = 30;
    w.clock.set(T0 + 27 * HOUR); // 04:00 local, next day
    expect(await w.check()).toMatchObject({ fired: 1, held: 2, shown: 0 });
    expect(w.shown).toEqual([]);
    w.clock.set(T0 + 30 * HOUR); // 07:00 local: quiet hours are over
    expect(await w.check()).toMatchObject({ fired: 0, held: 0, shown: 1 });
    expect(w.shown[0]!.message).toBe(
      // Local times, as the browser's language writes them (en-US: 12-hour).
      'Total holders, nebula: Crossed above 1,000: 2,000. (at 11:00 PM, during quiet hours)\n'
      + 'Whales, nebula: Crossed above 20: 30. (at 04:00 AM, during quiet hours)',
    );
    // Told once.
    w.clock.advance(HOUR);
    await w.check();
    expect(w.shown).toHaveLength(1);
  });

  it('releaseHeld tells what is held as one digest once quiet hours are over, without asking the service; while quiet it keeps holding', async () => {
    const w = world([totalAbove('a', 1000), whalesAbove('b', 20)], { periodMinutes: 1440, quiet: { enabled: true, start: '22:00', end: '07:00' } });
    w.clock.set(T0 + 20 * HOUR);
    await w.check({ baseline: true });
    Object.assign(w.numbers, { total: 2000, whales: 30 });
    w.clock.set(T0 + 22 * HOUR); // 23:00 local
    expect(await w.check()).toMatchObject({ fired: 2, held: 2, shown: 0 });
    const deps = { store: w.store, notifier: { show: async (n: UserNotification) => (w.shown.push(n), true) }, clock: w.clock };
    w.clock.set(T0 + 29 * HOUR + 59 * 60_000); // 06:59 local: still quiet
    expect(await releaseHeld(deps, w.clock.now())).toEqual({ held: 2, shown: 0 });
    w.clock.set(T0 + 30 * HOUR); // 07:00 local
    const calls = w.calls.length;
    expect(await releaseHeld(deps, w.clock.now())).toEqual({ held: 0, shown: 1 });
    expect(w.calls).toHaveLength(calls);
    expect(w.shown).toEqual([expect.objectContaining({ id: DIGEST_ID, title: 'Vantage: 2 alerts' })]);
    const { state } = await w.store.load();
    expect(state.held).toEqual([]);
    expect(state.lastRun).toBe(T0 + 22 * HOUR);
    expect(await releaseHeld(deps, w.clock.now())).toEqual({ held: 0, shown: 0 });
    expect(w.shown).toHaveLength(1);
  });

  it('drops held notifications of rules paused or deleted meanwhile', async () => {
    const w = world([totalAbove('a', 1000)], { periodMinutes: 60, quiet: { enabled: true, start: '00:00', end: '23:59' } });
    await w.check({ baseline: true });
    w.numbers.total = 2000;
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ held: 1 });
    await w.store.saveRules([{ ...totalAbove('a', 1000), paused: true }]);
    await w.store.saveSchedule(DEFAULT_SCHEDULE);
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ held: 0, shown: 0 });
  });

  it('paused rules are not fetched; a failing service leaves the last value and the reason', async () => {
    const w = world([totalAbove('a', 1000), { ...whalesAbove('b', 20), paused: true }]);
    await w.check({ baseline: true });
    expect(w.calls).toEqual(['holderChange']);
    w.setDown(true);
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ checked: 1, failed: 1, fired: 0 });
    const { state } = await w.store.load();
    expect(state.rules.a).toMatchObject({ lastValue: 900, lastCheck: T0 + 13 * HOUR, error: expect.stringMatching(/unreachable/i) });
    expect(state.rules.b).toBeUndefined();
  });

  it('counts nothing shown when notifications are not allowed, and does not tell it again later', async () => {
    const w = world([totalAbove('a', 1000)]);
    await w.check({ baseline: true });
    w.numbers.total = 2000;
    w.clock.advance(HOUR);
    const r = await runAlertCheck({ cache: testCache(async () => ({ call: async () => holdersBody(2000) }) as unknown as ApiClient, { ttlMs: 0 }), store: w.store, notifier: { show: async () => false }, clock: w.clock }, w.clock.now());
    expect(r).toMatchObject({ fired: 1, shown: 0 });
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ fired: 0 });
  });
});

describe('runAlertCheck on cached answers (#17)', () => {
  it('a day that was partial when the cached answer was fetched is not compared; the fresh full day is', async () => {
    const D = dayOf(T0);
    const clock = fakeClock(T0 + 12 * HOUR);
    let body = dailyUsersBody(D, [980, 1000, 300]);
    const calls: number[] = [];
    const client = { call: async () => (calls.push(clock.now()), body) } as unknown as ApiClient;
    const shown: UserNotification[] = [];
    const store = memoryAlertStore();
    // The answer cache keeps an answer 15 minutes: a check soon after a fetch reads it from storage.
    const deps: AlertCheckDeps = { cache: testCache(async () => client, { ttlMs: 15 * 60_000, now: clock.now }), store, notifier: { show: async (n) => (shown.push(n), true) }, clock };
    await store.saveRules([rule({ id: 'c', condition: { kind: 'change', percent: 20 } })]);
    await runAlertCheck(deps, clock.now(), { baseline: true });
    // 23:55 UTC: fetched with day D under way (500 so far).
    clock.set((D + DAY_S) * 1000 - 5 * 60_000);
    body = dailyUsersBody(D, [980, 1000, 500]);
    expect(await runAlertCheck(deps, clock.now())).toMatchObject({ fired: 0 });
    // 00:03 UTC: the check is answered by the cache (stored at 23:55): nothing is compared, nothing fires.
    clock.set((D + DAY_S) * 1000 + 3 * 60_000);
    body = dailyUsersBody(D + DAY_S, [1000, 1300, 10]);
    expect(await runAlertCheck(deps, clock.now())).toMatchObject({ fired: 0, shown: 0 });
    expect(calls).toHaveLength(2);
    expect((await store.load()).state.rules.c).toMatchObject({ comparedDay: D - DAY_S });
    // An hour later the answer is fetched afresh: day D is complete, 1,000 → 1,300.
    clock.advance(HOUR);
    expect(await runAlertCheck(deps, clock.now())).toMatchObject({ fired: 1, shown: 1 });
    expect(calls).toHaveLength(3);
    expect(shown.map((n) => n.message)).toEqual(['Up 30% day over day: 1,000 → 1,300 on Mar 10.']);
  });
});

describe('runAlertCheck with period-change rules (#28)', () => {
  /** Daily users over 7-day periods: the service answers each period's window with the numbers the test sets per period start. */
  function periodWorld(ttlMs: number) {
    const r = rule({ id: 'p', filters: { ...rule().filters, range: { days: 7 } }, condition: { kind: 'periodChange', percent: 20, way: 'up' } });
    const clock = fakeClock(T0 + 12 * HOUR);
    /** Users a day, by the window's first day (seconds); a window not listed fails. */
    const perDay = new Map<number, readonly number[]>();
    const calls: { at: number; start: number }[] = [];
    const client = {
      call: async (_op: string, params: { startTime: number; endTime: number }) => {
        const start = Number(params.startTime);
        calls.push({ at: clock.now(), start });
        const users = perDay.get(start);
        if (!users) throw new ApiError({ kind: 'network', message: 'unreachable' });
        return dailyUsersBody(start + (users.length - 1) * DAY_S, users);
      },
    } as unknown as ApiClient;
    const shown: UserNotification[] = [];
    const store = memoryAlertStore();
    const deps: AlertCheckDeps = { cache: testCache(async () => client, { ttlMs, now: clock.now }), store, notifier: { show: async (n) => (shown.push(n), true) }, clock };
    const ready = store.saveRules([r]);
    /** The two periods' first days at the clock's time, current then previous. */
    const starts = () => {
      const p = comparedPeriods({ days: 7 }, clock.now())!;
      return [p.current, p.previous].map((x) => Date.parse(`${x.from}T00:00:00Z`) / 1000) as [number, number];
    };
    const check = async (opts = {}) => (await ready, runAlertCheck(deps, clock.now(), opts));
    return { r, clock, perDay, calls, shown, store, deps, starts, check };
  }

  it('fetches again an answer stored before its period was over, and fires on the complete days', async () => {
    const w = periodWorld(60 * 60_000);
    const [cur, prev] = w.starts();
    w.perDay.set(cur, Array(7).fill(100)).set(prev, Array(7).fill(100));
    await w.check({ baseline: true });
    expect((await w.store.load()).state.rules.p).toMatchObject({ lastChange: 0, changeDays: 7 });

    // 23:55 UTC: a page asks for the window that will be the rule's current one after midnight; its last day is today, 10 users so far.
    const D = dayOf(T0);
    w.clock.set((D + DAY_S) * 1000 - 5 * 60_000);
    const after = comparedPeriods({ days: 7 }, (D + DAY_S) * 1000)!;
    const needs = headlineNeeds(ruleRequest(w.r), { kind: 'complete', periods: after });
    const next = [needs.current!, needs.previous!];
    const [nextCur, nextPrev] = [after.current, after.previous].map((p) => Date.parse(`${p.from}T00:00:00Z`) / 1000);
    w.perDay.set(nextCur!, [...Array(6).fill(130), 10]).set(nextPrev!, Array(7).fill(100));
    await fetchStat({ cache: w.deps.cache, now: w.clock.now }, next[0]!.request);
    const cachedAt = w.calls.length;

    // 00:03 UTC, within the cache's hour: the day is now complete (130), and the stored answer is not trusted for it.
    w.clock.set((D + DAY_S) * 1000 + 3 * 60_000);
    w.perDay.set(nextCur!, Array(7).fill(130));
    expect(await w.check()).toMatchObject({ checked: 1, failed: 0, fired: 1, shown: 1 });
    expect(w.calls.slice(cachedAt).filter((c) => c.start === nextCur)).toHaveLength(1);
    expect((await w.store.load()).state.rules.p).toMatchObject({ lastChange: expect.closeTo(30, 9), change: { kind: 'relative', direction: 'up' } });
    expect(w.shown.map((n) => n.message)).toEqual(['Mar 4 – Mar 10: up 30% from the 7 days before (100 → 130 a day on average).']);
  });

  it('one period failing: no alert, the reason shown, the last change kept (nothing divided by nothing)', async () => {
    const w = periodWorld(0);
    const [cur, prev] = w.starts();
    w.perDay.set(cur, Array(7).fill(110)).set(prev, Array(7).fill(100));
    await w.check({ baseline: true });
    // The current period jumps by 50 %, but the previous period's request now fails.
    w.perDay.set(cur, Array(7).fill(150)).delete(prev);
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ checked: 1, failed: 1, fired: 0, shown: 0 });
    const st = (await w.store.load()).state.rules.p!;
    expect(st).toMatchObject({ lastChange: expect.closeTo(10, 9), error: expect.stringMatching(/unreachable/i), lastCheck: T0 + 13 * HOUR });
    expect(Number.isFinite(st.lastChange)).toBe(true);
    // It answers again, with an earlier 0: a change from nothing has no percentage, fires nothing, and keeps the bearing.
    w.perDay.set(prev, Array(7).fill(0));
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ failed: 0, fired: 0 });
    expect((await w.store.load()).state.rules.p).toMatchObject({ lastChange: expect.closeTo(10, 9), change: { kind: 'from-zero', direction: 'up' } });
    expect(w.shown).toEqual([]);
    // And back with numbers past the line: it fires, from the last change that had one.
    w.perDay.set(prev, Array(7).fill(100));
    w.clock.advance(HOUR);
    expect(await w.check()).toMatchObject({ failed: 0, fired: 1 });
  });
});

describe('quiet hours', () => {
  const clock = { offsetMinutes: () => 0 };
  const at = (h: number, m = 0) => T0 + h * HOUR + m * 60_000;
  it('span midnight, start included, end excluded; off when disabled or empty', () => {
    const q = { enabled: true, start: '22:00', end: '07:00' };
    expect([at(21, 59), at(22), at(3), at(6, 59), at(7)].map((t) => isQuiet(t, q, clock))).toEqual([false, true, true, true, false]);
    const day = { enabled: true, start: '09:00', end: '17:30' };
    expect([at(8, 59), at(9), at(17, 29), at(17, 30)].map((t) => isQuiet(t, day, clock))).toEqual([false, true, true, false]);
    expect(isQuiet(at(23), { ...q, enabled: false }, clock)).toBe(false);
    expect(isQuiet(at(23), { enabled: true, start: '10:00', end: '10:00' }, clock)).toBe(false);
  });

  it('end at the first minute that is not quiet, through a change of offset either way', () => {
    const q = { enabled: true, start: '22:00', end: '07:00' };
    expect(quietEnd(at(23, 10), q, clock)).toBe(at(31));
    expect(quietEnd(at(3, 30), q, clock)).toBe(at(7));
    expect(quietEnd(at(12), q, clock)).toBeNull();
    expect(quietEnd(at(23), { ...q, enabled: false }, clock)).toBeNull();
    // Clocks go forward (UTC+1 → UTC+2) at 01:00 UTC: 07:00 local comes at 05:00 UTC, not 06:00.
    const spring = { offsetMinutes: (t: number) => (t < at(25) ? 60 : 120) };
    expect(quietEnd(at(22), q, spring)).toBe(at(29));
    // Clocks go back (UTC+2 → UTC+1): 07:00 local comes at 06:00 UTC, not 05:00.
    const autumn = { offsetMinutes: (t: number) => (t < at(25) ? 120 : 60) };
    expect(quietEnd(at(21), q, autumn)).toBe(at(30));
  });

  it('are local time', () => {
    const q = { enabled: true, start: '22:00', end: '07:00' };
    // 21:30 UTC is 23:30 in UTC+2, 16:30 in UTC−5.
    expect(isQuiet(at(21, 30), q, { offsetMinutes: () => 120 })).toBe(true);
    expect(isQuiet(at(21, 30), q, { offsetMinutes: () => -300 })).toBe(false);
  });
});
