import { describe, expect, it } from 'vitest';
import { ProofErrorCode } from '@/lib/proof/contract.ts';
import { PROOF_PAGE_CLOSED, PROOF_PAGE_GRACE_MS } from '@/lib/proof/flow.ts';
import { sessionFlowStore } from '@/lib/proof/flow-store.ts';
import { DAPP_TAB, freshWorldEachTest, ORIGIN, PARAMS, PROOF_TEXT, SITES, type World } from './fakes.ts';

/** Issue #16 in the worker: the proof page closed, progress notes, proofs bound to the site. */

const store = sessionFlowStore();

let w: World;
freshWorldEachTest((world) => (w = world));

const advance = (ms: number) => w.advance(ms);

const approvedFlow = (params?: typeof PARAMS) => w.approvedFlow(params);

const lastDelivery = () => w.tabs.deliveries.at(-1)?.delivery;

async function closeProofPage(): Promise<number> {
  const proofTab = w.tabs.proofTab()!;
  w.tabs.tabs.delete(proofTab);
  await w.runner.onTabRemoved(proofTab);
  await w.flush();
  return Date.now();
}

describe('the proof page closed without a proof', () => {
  it('keeps looking for the grace period, then answers 4001 saying the proof page was closed', async () => {
    await approvedFlow();
    await advance(1500);
    const closedAt = await closeProofPage();
    await advance(PROOF_PAGE_GRACE_MS - 1000);
    expect(w.tabs.deliveries).toEqual([]);
    expect(w.svc.count('getProofData')).toBeGreaterThan(PROOF_PAGE_GRACE_MS / 1000 - 2);
    await advance(1000);
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: ProofErrorCode.UserRejected, message: PROOF_PAGE_CLOSED } });
    expect(Date.now() - closedAt).toBe(PROOF_PAGE_GRACE_MS);
    expect(await store.all()).toEqual([]);
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'failed', code: 4001 });
    // The user walked away from the proof, not from the site: no cooldown as after a rejected consent.
    expect(await store.cooldown(ORIGIN)).toBeUndefined();
  });

  it('a proof that turns up within the grace period is handed over', async () => {
    await approvedFlow();
    await closeProofPage();
    await advance(PROOF_PAGE_GRACE_MS - 2000);
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: true, result: { proofText: PROOF_TEXT } });
  });

  it('the answer comes at the same moment whatever the service says meanwhile (a user below the condition looks like one who declined)', async () => {
    await approvedFlow();
    w.svc.script.push({ kind: 'network', message: 'offline', retryable: true } as never, { status: 'PROCESSING' });
    const closedAt = await closeProofPage();
    await advance(PROOF_PAGE_GRACE_MS);
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: 4001, message: PROOF_PAGE_CLOSED } });
    expect(Date.now() - closedAt).toBe(PROOF_PAGE_GRACE_MS);
  });

  it('survives a worker restart: the fresh worker keeps the same deadline', async () => {
    await approvedFlow();
    const closedAt = await closeProofPage();
    await advance(3000);
    await w.restart();
    await advance(PROOF_PAGE_GRACE_MS - 3000);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(Date.now() - closedAt).toBe(PROOF_PAGE_GRACE_MS);
  });
});

describe('a proof page whose close or id the worker never heard', () => {
  /** The flow's record of its proof page. */
  const tracked = async () => {
    const [f] = await store.all();
    return { proofTabId: f?.proofTabId, closedAt: f?.proofPageClosedAt };
  };

  it('closed with no event reaching the worker: the next poll finds it gone, and 4001 follows the grace period', async () => {
    await approvedFlow();
    await advance(1500);
    w.tabs.tabs.delete(w.tabs.proofTab()!);
    await advance(1000);
    // Found at that poll: the grace period runs from there.
    const { closedAt } = await tracked();
    expect(closedAt).toBeGreaterThan(Date.now() - 1000);
    await advance(closedAt! + PROOF_PAGE_GRACE_MS - Date.now() - 1);
    expect(w.tabs.deliveries).toEqual([]);
    await advance(1);
    expect(lastDelivery()?.outcome).toEqual({ ok: false, error: { code: ProofErrorCode.UserRejected, message: PROOF_PAGE_CLOSED } });
  });

  it('opened while tabs.create never answered: the next poll finds it by its address, and its close is then heard', async () => {
    w.tabs.proofTabAnswer = new Promise(() => undefined);
    await approvedFlow();
    const proofTab = w.tabs.proofTab()!;
    expect(await tracked()).toEqual({ proofTabId: undefined, closedAt: undefined });
    await advance(1000);
    expect((await tracked()).proofTabId).toBe(proofTab);
    expect(w.tabs.progress.map((n) => n.phase)).toContain('proof-page');
    const closedAt = await closeProofPage();
    await advance(PROOF_PAGE_GRACE_MS);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(Date.now() - closedAt).toBe(PROOF_PAGE_GRACE_MS);
  });

  it('closed before tabs.create answered (its close named a tab no flow knew yet): the next poll finds it gone', async () => {
    let answer!: () => void;
    w.tabs.proofTabAnswer = new Promise<void>((r) => (answer = r));
    await approvedFlow();
    const closedAt = await closeProofPage();
    answer();
    await w.flush();
    expect((await tracked()).proofTabId).toBeDefined();
    await advance(1000);
    expect((await tracked()).closedAt).toBeDefined();
    await advance(PROOF_PAGE_GRACE_MS);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(Date.now() - closedAt).toBeLessThanOrEqual(PROOF_PAGE_GRACE_MS + 1000);
  });
});

describe('progress notes to the requesting document', () => {
  it('consent → approved → proof page → proof received → verifying, in order, before the delivery', async () => {
    await approvedFlow();
    w.svc.finished = true;
    await advance(1000);
    expect(w.tabs.progress.map((n) => n.phase)).toEqual(['consent', 'approved', 'proof-page', 'proof-received', 'verifying']);
    expect(w.tabs.progress.every((n) => n.flowId === 'flow-1')).toBe(true);
    expect(lastDelivery()?.outcome.ok).toBe(true);
    // Only the requesting tab hears them.
    expect(new Set(w.tabs.progressKnocks.map((k) => k.tabId))).toEqual(new Set([DAPP_TAB]));
  });

  it('an always-allowed site without verification: approved → proof page → proof received', async () => {
    await SITES.list('allowed', ORIGIN);
    w.settings = { ...w.settings, verify: false };
    await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    w.svc.finished = true;
    await advance(1000);
    expect(w.tabs.progress.map((n) => n.phase)).toEqual(['approved', 'proof-page', 'proof-received']);
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });

  it('a note that is never answered does not hold back the proof', async () => {
    w.tabs.notify = () => new Promise(() => undefined);
    await approvedFlow();
    w.svc.finished = true;
    await advance(1000);
    await advance(10_000);
    expect(lastDelivery()?.outcome.ok).toBe(true);
  });

  it('a flow the user starts from the popup sends none (no page is waiting)', async () => {
    await w.runner.startForTab(DAPP_TAB);
    await w.flush();
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.source).toBe('popup');
    expect(w.tabs.progress).toEqual([]);
  });
});

describe('bindOrigin', () => {
  it('sends the service the origin the browser reported, "#", and the page’s web2Id; the result says so', async () => {
    await approvedFlow({ ...PARAMS, bindOrigin: true });
    expect(w.svc.asked).toEqual({ scoreId: 'credit-v1', condition: 600, web2Id: `${ORIGIN}#user-42` });
    expect(await w.runner.consentDetails('flow-1')).toBeNull();
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.outcome).toEqual({
      ok: true, result: { sessionId: 'sess-1', proofText: PROOF_TEXT, web2Id: `${ORIGIN}#user-42`, boundOrigin: ORIGIN },
    });
  });

  it('the consent window shows the web2Id the service will commit', async () => {
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, { ...PARAMS, bindOrigin: true });
    await w.flush();
    expect(await w.runner.consentDetails((ack as { flowId: string }).flowId)).toMatchObject({ web2Id: `${ORIGIN}#user-42` });
  });

  it('refuses with -32602 when the bound web2Id would be longer than the service takes', async () => {
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, { ...PARAMS, web2Id: 'x'.repeat(250), bindOrigin: true });
    expect(ack).toMatchObject({ error: { code: -32602 } });
    expect(await store.all()).toEqual([]);
  });

  it('without bindOrigin the service gets the page’s web2Id as it is', async () => {
    await approvedFlow();
    expect(w.svc.asked).toEqual(PARAMS);
    w.svc.finished = true;
    await advance(1000);
    expect(lastDelivery()?.outcome).toMatchObject({ ok: true, result: { web2Id: 'user-42' } });
    expect((lastDelivery()?.outcome as { result: object }).result).not.toHaveProperty('boundOrigin');
  });
});
