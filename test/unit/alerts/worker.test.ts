import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ApiClient } from '@/lib/api/client.ts';
import { validRules } from '@/lib/alerts/rule.ts';
import { alertRulesItem, alertStateItem, storageAlertStore } from '@/lib/alerts/store.ts';
import { ALERTS_ALARM, alertsFeature, type AlertWorkerDeps } from '@/lib/alerts/worker.ts';
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
  const listener = createMessageListener(feature.routes, 'test-id', ORIGIN);
  const ask = async (type: string, payload: unknown, sender: object = page) => listener({ channel: 'vantage/v1', type, payload }, sender as never);
  return { feature, ask, clock, shown, setTotal: (v: number) => void (total = v) };
}

const input = { metric: 'totalHolders', filters, condition: { kind: 'above', value: 1000 } };

describe('alerts worker', () => {
  beforeEach(() => fakeBrowser.reset());

  it('saves a rule, takes its bearings at once, and schedules the check', async () => {
    const w = setup();
    const reply = await w.ask('alerts.save', { rule: input });
    expect(reply).toEqual({ ok: true, value: expect.objectContaining({ id: 'rule-1', metric: 'totalHolders', paused: false, createdAt: T0 + 12 * HOUR }) });
    expect((await alertStateItem.getValue()).rules['rule-1']).toMatchObject({ lastValue: 900 });
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toMatchObject({ periodInMinutes: 60 });
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
    expect(await w.ask('alerts.remove', { id: 'rule-1' })).toEqual({ ok: true, value: { removed: true } });
    expect(await alertRulesItem.getValue()).toEqual([]);
    expect((await alertStateItem.getValue()).rules).toEqual({});
    expect(await fakeBrowser.alarms.get(ALERTS_ALARM)).toBeFalsy();
  });

  it('sets the schedule; refuses intervals and quiet hours it does not offer', async () => {
    const w = setup();
    await w.ask('alerts.save', { rule: input });
    const schedule = { periodMinutes: 240, quiet: { enabled: true, start: '22:30', end: '06:00' } };
    expect(await w.ask('alerts.schedule', { schedule })).toEqual({ ok: true, value: schedule });
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
    expect(await w.ask('alerts.check', {})).toEqual({ ok: true, value: { checked: 1, failed: 0, fired: 1, held: 0, shown: 1 } });
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
