import { describe, expect, it } from 'vitest';
import { sessionFlowStore } from '@/lib/proof/flow-store.ts';
import { POLL_PACE } from '@/lib/proof/poll-schedule.ts';
import { DAPP_TAB, freshWorldEachTest, type World } from './fakes.ts';

/**
 * The runner on getProofData's schedule (lib/proof/poll-schedule.ts): what a flow left alone costs
 * the service, what the browser's signs (the proof page closed or loaded) do, and that the schedule
 * outlives the worker. Fake clock; the service answers at once.
 */

const MIN = 60_000;
const store = sessionFlowStore();

let w: World;
freshWorldEachTest((world) => (w = world));

const polls = () => w.svc.calls.filter((c) => c.op === 'getProofData').map((c) => c.at);
const pollsBetween = (from: number, to: number) => polls().filter((t) => t >= from && t < to).length;
const lastDelivery = () => w.tabs.deliveries.at(-1)?.delivery;

describe('proof flow: getProofData’s schedule', () => {
  it('a flow left alone backs off: 4 requests a minute from its third minute, not 60', async () => {
    await w.runner.request({ tabId: DAPP_TAB, origin: 'https://dapp.example' }, { scoreId: 'credit-v1', condition: 600, web2Id: 'u' });
    await w.flush();
    await w.runner.answerConsent('flow-1', true, false);
    await w.flush();
    const start = Date.now();
    await w.advance(6 * MIN);
    expect(pollsBetween(start, start + MIN)).toBeGreaterThan(40);
    for (let m = 2; m < 6; m++) expect(pollsBetween(start + m * MIN, start + (m + 1) * MIN), `minute ${m + 1}`).toBeLessThanOrEqual(4);
    // Still looking: a proof made now is found at the next poll.
    w.svc.finished = true;
    await w.advance(POLL_PACE.maxIntervalMs);
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });

  it('the proof page finishing a page load polls at once, mid-backoff, then at full speed again', async () => {
    await w.approvedFlow();
    await w.advance(3 * MIN);
    const proofTab = w.tabs.proofTab()!;
    const before = polls().length;
    await w.runner.onTabLoaded(proofTab);
    await w.flush();
    expect(polls().length).toBe(before + 1);
    expect(polls().at(-1)).toBe(Date.now());
    const signAt = Date.now();
    await w.advance(5000);
    expect(pollsBetween(signAt + 1, signAt + 5001)).toBe(5);
    // Its proof is handed over at once too.
    w.svc.finished = true;
    await w.runner.onTabLoaded(proofTab);
    await w.flush();
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });

  it('other tabs loading pages change nothing', async () => {
    await w.approvedFlow();
    await w.advance(3 * MIN);
    const before = polls().length;
    await w.runner.onTabLoaded(DAPP_TAB);
    await w.runner.onTabLoaded(4242);
    await w.flush();
    expect(polls().length).toBe(before);
  });

  it('closing the proof page mid-backoff polls at once, and keeps polling each second through the grace period', async () => {
    await w.approvedFlow();
    await w.advance(3 * MIN);
    const proofTab = w.tabs.proofTab()!;
    w.tabs.tabs.delete(proofTab);
    const closedAt = Date.now();
    await w.runner.onTabRemoved(proofTab);
    await w.flush();
    expect(polls().at(-1)).toBe(closedAt);
    await w.advance(5000);
    expect(pollsBetween(closedAt + 1, closedAt + 5001)).toBe(5);
  });

  it('a proof page reloading in a loop: never more than one poll a second on average', async () => {
    await w.approvedFlow();
    const proofTab = w.tabs.proofTab()!;
    const from = Date.now();
    for (let i = 0; i < 300; i++) {
      await w.runner.onTabLoaded(proofTab);
      await w.advance(100);
    }
    expect(pollsBetween(from, Date.now())).toBeLessThanOrEqual(30 + POLL_PACE.burst);
    expect(pollsBetween(from, Date.now())).toBeGreaterThanOrEqual(29);
  });

  it('a 429 is still obeyed: a sign during its Retry-After does not poll before it', async () => {
    await w.approvedFlow();
    await w.advance(1000);
    w.svc.script.push({ kind: 'rate-limited', status: 429, message: 'Too many requests', retryAt: Date.now() + 1000 + 20_000 });
    await w.advance(1000);
    const at429 = Date.now();
    const before = polls().length;
    await w.runner.onTabLoaded(w.tabs.proofTab()!);
    await w.advance(19_900);
    expect(polls().length).toBe(before);
    await w.advance(200);
    expect(polls().length).toBe(before + 1);
    expect(polls().at(-1)! - at429).toBe(20_000);
  });

  it('the worker stopped mid-backoff: the fresh one keeps the slow pace (no burst of polls) and the next slot', async () => {
    await w.approvedFlow();
    await w.advance(4 * MIN);
    const [a, b] = polls().slice(-2);
    expect(b! - a!).toBe(POLL_PACE.maxIntervalMs);
    await w.advance(3000);
    const stored = (await store.all())[0]!;
    await w.restart();
    // Nothing was due: the restart itself asks nothing, and the next poll comes at the stored slot.
    expect(polls().at(-1)).toBe(b);
    await w.advance(POLL_PACE.maxIntervalMs);
    expect(polls().at(-1)).toBe(stored.dueAt);
    expect(polls().at(-1)! - b!).toBe(POLL_PACE.maxIntervalMs);
  });

  it('hears tab loads only while a proof page is open', async () => {
    expect(w.tabLoads.on).toBe(false);
    await w.approvedFlow();
    expect(w.tabLoads.on).toBe(true);
    w.svc.finished = true;
    await w.advance(1000);
    expect(lastDelivery()?.outcome.ok).toBe(true);
    expect(w.tabLoads.on).toBe(false);
  });
});
