import { describe, expect, it } from 'vitest';
import { DAPP_TAB, freshWorldEachTest, HISTORY, ORIGIN, PARAMS, type World } from './fakes.ts';

/** The worker records what each site received when it hands a proof over, and nothing else. */
let w: World;
freshWorldEachTest((world) => (w = world));

const history = () => HISTORY.list(Date.now());

describe('proof history: the worker records each hand-over', () => {
  it('a verified proof handed to the page: site, time, model, minimum, score, not bound, verified, from the page', async () => {
    await w.approvedFlow();
    expect(await history()).toEqual([]);
    w.svc.finished = true;
    await w.advance(1000);
    expect(w.tabs.deliveries).toHaveLength(1);
    expect(await history()).toEqual([{
      id: 'flow-1', origin: ORIGIN, at: Date.now(), scoreId: 'credit-v1', condition: 600, score: 712,
      bound: false, check: 'verified', source: 'page',
    }]);
  });

  it('verification off: "not checked"; bindOrigin: bound', async () => {
    w.settings = { ...w.settings, verify: false };
    w.svc.finished = true;
    await w.approvedFlow({ ...PARAMS, bindOrigin: true });
    await w.advance(1000);
    expect(w.svc.count('verify')).toBe(0);
    expect(await history()).toMatchObject([{ bound: true, check: 'not-checked' }]);
  });

  it('"Prove my score to this site": from the popup, with the default model and minimum', async () => {
    w.svc.finished = true;
    await w.runner.startForTab();
    await w.advance(1000);
    expect(await history()).toMatchObject([{ origin: ORIGIN, source: 'popup', scoreId: 'credit-v1', condition: 580, score: 712 }]);
  });

  it('records nothing for a proof the page never took, an invalid one, a rejection or a failure', async () => {
    // The page never answers: the proof is not handed over.
    w.tabs.silent.add(DAPP_TAB);
    w.svc.finished = true;
    await w.approvedFlow();
    await w.advance(10_000);
    expect((await w.runner.list()).reports[0]).toMatchObject({ result: 'undelivered' });
    w.tabs.silent.delete(DAPP_TAB);

    // The service says the proof is not valid: the page gets an error, not a proof.
    w.svc.valid = false;
    await w.approvedFlow();
    await w.advance(1000);
    expect(w.tabs.deliveries.at(-1)?.delivery.outcome.ok).toBe(false);

    // Rejected in the consent window.
    const ack = await w.runner.request({ tabId: DAPP_TAB, origin: ORIGIN }, PARAMS);
    await w.flush();
    if ('flowId' in ack) await w.runner.answerConsent(ack.flowId, false, false);
    await w.flush();
    expect(w.tabs.deliveries.at(-1)?.delivery.outcome).toMatchObject({ ok: false, error: { code: 4001 } });

    expect(await history()).toEqual([]);
  });

  it('forgetting a proof drops its line from the popup\'s recent outcomes; failures stay', async () => {
    w.svc.finished = true;
    await w.approvedFlow();
    await w.advance(1000);
    w.svc.valid = false;
    await w.approvedFlow();
    await w.advance(1000);
    expect((await w.runner.list()).reports.map((r) => [r.flowId, r.result])).toEqual([['flow-2', 'failed'], ['flow-1', 'delivered']]);
    await w.runner.forgetDelivered(['flow-1']);
    expect((await w.runner.list()).reports.map((r) => r.flowId)).toEqual(['flow-2']);
  });
});
