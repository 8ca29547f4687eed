import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '@/lib/api/client.ts';
import { validRules } from '@/lib/alerts/rule.ts';
import { alertRulesItem, alertStateItem, storageAlertStore } from '@/lib/alerts/store.ts';
import { ALERTS_ALARM, ALERTS_RELEASE_ALARM, alertsFeature, type AlertWorkerDeps } from '@/lib/alerts/worker.ts';
import { DIGEST_ID } from '@/lib/notify/digest.ts';
import { createMessageListener } from '@/lib/messaging/router.ts';
import type { UserNotification } from '@/lib/notify/notifier.ts';
import { testCache } from '@/test/unit/cache/fakes.ts';
import { HOUR, T0, fakeClock, filters, holdersBody } from './fixtures.ts';

const ORIGIN = 'chrome-extension://test-id';
const page = { id: 'test-id', url: `${ORIGIN}/options.html`, origin: ORIGIN };
const content = { id: 'test-id', url: 'https://evil.example/', origin: 'https://evil.example', tab: { id: 1 }, frameId: 0 };

function setup() {
  let total = 900;
  const clock = fakeClock(T0 + 12 * HOUR);
  const shown: UserNotification[] = [];
  let ids = 0;
  const deps: AlertWorkerDeps = {
    cache: testCache(async () => ({ call: async () => holdersBody(total) }) as unknown as ApiClient, { ttlMs: 0, now: clock.now }),
    store: storageAlertStore,
    notifier: { show: async (n) => (shown.push(n), true) },
    clock,
    alarms: fakeBrowser.alarms as never,
    newId: () => `rule-${++ids}`,
  };
  const feature = alertsFeature(deps);
  const listener = createMessageListener(feature.routes, 'test-id', ORIGIN, 'test-build');
  const ask = async (type: string, payload: unknown, sender: object = page) => listener({ channel: 'vantage/v1', type, payload }, sender as never);
  return { feature, ask, clock, shown, setTotal: (v: number) => void (total = v) };
}

const input = { metric: 'totalHolders', filters, condition: { kind: 'above', value: 1000 } };

describe('alerts worker', () => {
  beforeEach(() => fakeBrowser.reset());

  it('saves a rule, takes its bearings at once, and schedules the check', async () => {
    const w = setup();
    const reply = await w.ask('alerts.save', { rule: input });
    expect(reply).toEqual({ ok: true, value: expect.objectContaining({ id: 'rule-1', metric: 'totalHolders', paused: false, createdAt: T0 + 12 * HOUR }), build: 'test-build' });
    expect((await alertStateItem.getValue()).rules['rule-1']).toMatchObject({ lastValue: 900 });
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toMatchObject({ periodInMinutes: 60 });
  });

  it('repairs a dropped alarm when the browser starts or the extension updates, and leaves alarms alone at a mere wake-up', async () => {
    const w = setup();
    await w.ask('alerts.save', { rule: input });
    // A browser restart dropped the alarm; the worker wakes (a popup opens): nothing is written yet.
    await fakeBrowser.alarms.clearAll();
    w.feature.listen();
    // Whatever the wake-up queued runs before a check asked for after it.
    expect(await w.ask('alerts.check', {})).toMatchObject({ ok: true });
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toBeUndefined();
    await fakeBrowser.runtime.onStartup.trigger();
    await expect.poll(() => fakeBrowser.alarms.get(ALERTS_ALARM)).toMatchObject({ periodInMinutes: 60 });
    await fakeBrowser.alarms.clearAll();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9', temporary: false });
    await expect.poll(() => fakeBrowser.alarms.get(ALERTS_ALARM)).toMatchObject({ periodInMinutes: 60 });
  });

  it('the alarm runs the check and tells the crossing', async () => {
    const w = setup();
    w.feature.listen();
    await w.ask('alerts.save', { rule: input });
    w.setTotal(1200);
    w.clock.advance(HOUR);
    await fakeBrowser.alarms.onAlarm.trigger({ name: ALERTS_ALARM, scheduledTime: w.clock.now() });
    await expect.poll(() => w.shown.length).toBe(1);
    expect(w.shown[0]!.id).toBe('alert-rule-1');
  });

  it('edits, pauses, resumes and deletes; the alarm goes with the last active rule', async () => {
    const w = setup();
    await w.ask('alerts.save', { rule: input });
    const edited = await w.ask('alerts.save', { rule: { ...input, id: 'rule-1', condition: { kind: 'change', percent: 5 } } });
    expect(edited).toMatchObject({ ok: true, value: { id: 'rule-1', condition: { kind: 'change', percent: 5 } } });
    expect(await alertRulesItem.getValue()).toHaveLength(1);
    expect(await w.ask('alerts.pause', { id: 'rule-1', paused: true })).toMatchObject({ ok: true, value: { paused: true } });
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toBeFalsy();
    await w.ask('alerts.pause', { id: 'rule-1', paused: false });
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toBeTruthy();
    expect(await w.ask('alerts.remove', { id: 'rule-1' })).toEqual({ ok: true, value: { removed: true }, build: 'test-build' });
    expect(await alertRulesItem.getValue()).toEqual([]);
    expect((await alertStateItem.getValue()).rules).toEqual({});
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toBeFalsy();
  });

  it('sets the schedule; refuses intervals and quiet hours it does not offer', async () => {
    const w = setup();
    await w.ask('alerts.save', { rule: input });
    const schedule = { periodMinutes: 240, quiet: { enabled: true, start: '22:30', end: '06:00' } };
    expect(await w.ask('alerts.schedule', { schedule })).toEqual({ ok: true, value: schedule, build: 'test-build' });
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toMatchObject({ periodInMinutes: 240 });
    expect(await w.ask('alerts.schedule', { schedule: { ...schedule, periodMinutes: 1 } })).toMatchObject({ ok: false });
    expect(await w.ask('alerts.schedule', { schedule: { ...schedule, quiet: { enabled: true, start: '25:00', end: '06:00' } } })).toMatchObject({ ok: false });
  });

  it('refuses content scripts, unknown metrics and project ids that are not ids', async () => {
    const w = setup();
    expect(await w.ask('alerts.save', { rule: input }, content)).toMatchObject({ ok: false });
    expect(await w.ask('alerts.check', {}, content)).toMatchObject({ ok: false });
    expect(await w.ask('alerts.save', { rule: { ...input, metric: 'constructor' } })).toMatchObject({ ok: false, error: { message: 'Unknown metric.' } });
    const phishing = { ...input, filters: { ...filters, project: 'Your wallet is drained! Visit evil.example' } };
    expect(await w.ask('alerts.save', { rule: phishing })).toMatchObject({ ok: false });
    expect(await alertRulesItem.getValue()).toEqual([]);
  });

  it('checks now on request, past the cache', async () => {
    const w = setup();
    await w.ask('alerts.save', { rule: input });
    w.setTotal(1500);
    expect(await w.ask('alerts.check', {})).toEqual({ ok: true, value: { checked: 1, failed: 0, fired: 1, held: 0, shown: 1 }, build: 'test-build' });
  });
});

/**
 * The browser's alarm clock on a fake Date: fires every alarm due by `until`,
 * in order, each at its time; a periodic one comes back a period later, a
 * one-shot one is gone (as in Chromium and Firefox).
 */
async function runAlarmsUntil(until: number): Promise<void> {
  for (;;) {
    const due = (await fakeBrowser.alarms.getAll()).filter((a) => a.scheduledTime <= until).sort((a, b) => a.scheduledTime - b.scheduledTime)[0];
    if (!due) break;
    const alarm = { ...due };
    vi.setSystemTime(Math.max(Date.now(), alarm.scheduledTime));
    if (alarm.periodInMinutes) fakeBrowser.alarms.create(alarm.name, { when: alarm.scheduledTime + alarm.periodInMinutes * 60_000, periodInMinutes: alarm.periodInMinutes });
    else await fakeBrowser.alarms.clear(alarm.name);
    await fakeBrowser.alarms.onAlarm.trigger(alarm);
  }
  vi.setSystemTime(until);
}

describe('alerts held over quiet hours are told when they end (#17)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const at = (hoursUtc: number) => T0 + hoursUtc * HOUR;
  const quiet = { enabled: true, start: '22:00', end: '07:00' };

  /** The worker on the fake Date, in UTC+1 unless the test moves it; the service answers the test's numbers. */
  function daily() {
    const numbers = { total: 900, whales: 10 };
    let offset = 60;
    const clock = { now: () => Date.now(), offsetMinutes: () => offset };
    const client = { call: async (op: string) => (op === 'holderChange' ? holdersBody(numbers.total) : { whales: numbers.whales, normalWallets: 5, forgottenWallets: 1 }) } as unknown as ApiClient;
    const shown: { at: number; n: UserNotification }[] = [];
    let ids = 0;
    const deps: AlertWorkerDeps = {
      cache: testCache(async () => client, { ttlMs: 0, now: clock.now }),
      store: storageAlertStore,
      notifier: { show: async (n) => (shown.push({ at: Date.now(), n }), true) },
      clock,
      alarms: fakeBrowser.alarms as never,
      newId: () => `rule-${++ids}`,
    };
    const start = () => {
      const feature = alertsFeature(deps);
      feature.listen();
      return createMessageListener(feature.routes, 'test-id', ORIGIN, 'test-build');
    };
    let listener = start();
    const ask = (type: string, payload: unknown) => listener({ channel: 'vantage/v1', type, payload }, page as never);
    /** The worker stops and a new one starts: listeners go, alarms and storage stay. */
    const restart = () => {
      fakeBrowser.alarms.onAlarm.removeAllListeners();
      listener = start();
    };
    return { numbers, shown, ask, restart, setOffset: (m: number) => void (offset = m) };
  }

  /** "Every day" saved at 23:00 local (22:00 UTC), quiet 22:00–07:00: every check falls in quiet hours. */
  async function savedAtElevenPm() {
    const w = daily();
    vi.setSystemTime(at(22));
    await w.ask('alerts.save', { rule: { metric: 'totalHolders', filters, condition: { kind: 'above', value: 1000 } } });
    await w.ask('alerts.save', { rule: { metric: 'whales', filters, condition: { kind: 'above', value: 20 } } });
    expect(await w.ask('alerts.schedule', { schedule: { periodMinutes: 1440, quiet } })).toMatchObject({ ok: true });
    return w;
  }

  it('a daily check at 23:00 holds what fired; it is shown at 07:00 once, several as one digest, each night', async () => {
    const w = await savedAtElevenPm();
    // Night 1: both cross at the 23:00 check; held, and told at 07:00 local (06:00 UTC) as one digest.
    Object.assign(w.numbers, { total: 1200, whales: 30 });
    await runAlarmsUntil(at(46));
    expect((await alertStateItem.getValue()).held).toHaveLength(2);
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toMatchObject({ scheduledTime: at(54) });
    expect(w.shown).toEqual([]);
    await runAlarmsUntil(at(60));
    expect(w.shown.map((s) => [s.at, s.n.id])).toEqual([[at(54), DIGEST_ID]]);
    expect(w.shown[0]!.n.message).toBe(
      'Total holders, nebula: Crossed above 1,000: 1,200. (at 11:00 PM, during quiet hours)\n'
      + 'Whales, nebula: Crossed above 20: 30. (at 11:00 PM, during quiet hours)',
    );
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toBeFalsy();
    // Night 2: the numbers fall back: nothing fires, nothing is held, no release.
    Object.assign(w.numbers, { total: 900, whales: 10 });
    await runAlarmsUntil(at(80));
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toBeFalsy();
    // Night 3: one crosses: told alone at 07:00.
    w.numbers.total = 1300;
    await runAlarmsUntil(at(110));
    expect(w.shown.map((s) => [s.at, s.n.id])).toEqual([[at(54), DIGEST_ID], [at(102), 'alert-rule-1']]);
    expect((await alertStateItem.getValue()).held).toEqual([]);
  });

  it('the release survives a worker restart', async () => {
    const w = await savedAtElevenPm();
    w.numbers.total = 1200;
    await runAlarmsUntil(at(46));
    w.restart();
    await runAlarmsUntil(at(55));
    expect(w.shown.map((s) => [s.at, s.n.id])).toEqual([[at(54), 'alert-rule-1']]);
  });

  it('a release that comes while it is still quiet (the clock changed) tells nothing and is set again for the end', async () => {
    const w = await savedAtElevenPm();
    w.numbers.total = 1200;
    await runAlarmsUntil(at(46));
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toMatchObject({ scheduledTime: at(54) });
    // The user flies to New York (UTC−5) in the night: at 06:00 UTC it is 01:00 there, still quiet; 07:00 there is 12:00 UTC.
    w.setOffset(-300);
    await runAlarmsUntil(at(54));
    expect(w.shown).toEqual([]);
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toMatchObject({ scheduledTime: at(60) });
    await runAlarmsUntil(at(61));
    expect(w.shown.map((s) => [s.at, s.n.id])).toEqual([[at(60), 'alert-rule-1']]);
  });

  it('the release goes when nothing is held any more (its rules deleted)', async () => {
    const w = await savedAtElevenPm();
    Object.assign(w.numbers, { total: 1200, whales: 30 });
    await runAlarmsUntil(at(46));
    await w.ask('alerts.remove', { id: 'rule-1' });
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toMatchObject({ scheduledTime: at(54) });
    await w.ask('alerts.remove', { id: 'rule-2' });
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toBeFalsy();
  });

  it('quiet hours turned off while something is held: it is told at once', async () => {
    const v = await savedAtElevenPm();
    v.numbers.total = 1200;
    await runAlarmsUntil(at(46) + 1);
    expect(await v.ask('alerts.schedule', { schedule: { periodMinutes: 1440, quiet: { ...quiet, enabled: false } } })).toMatchObject({ ok: true });
    expect(await fakeBrowser.alarms.get(ALERTS_RELEASE_ALARM)).toMatchObject({ scheduledTime: at(46) + 1 });
    await runAlarmsUntil(at(47));
    expect(v.shown.map((s) => [s.at, s.n.id])).toEqual([[at(46) + 1, 'alert-rule-1']]);
  });
});

describe('stored rules', () => {
  it('count only when well formed: a forged entry (Firefox lets content scripts write storage.local) is dropped', () => {
    const good = { id: 'a', metric: 'whales', filters, condition: { kind: 'below', value: 3 }, paused: false, createdAt: 1 };
    const rules = validRules([
      good,
      { ...good, id: 'b', filters: { ...filters, project: '<b>Call +1 555</b>' } },
      { ...good, id: 'c', condition: { kind: 'change', percent: -4 } },
      { ...good, id: 'a' },
      'junk',
    ]);
    expect(rules.map((r) => r.id)).toEqual(['a']);
  });
});
