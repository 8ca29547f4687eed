import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import { createMessageListener } from '@/lib/messaging/router.ts';
import { sessionFlowStore } from '@/lib/proof/flow-store.ts';
import { parseProofRequest } from '@/lib/proof/params.ts';
import { proofRoutes } from '@/lib/proof/routes.ts';
import { EXAMPLES } from './param-examples.ts';
import { DAPP_TAB, makeWorld, ORIGIN, PARAMS, type World } from './fakes.ts';

const ID = 'extid';
const EXT = 'chrome-extension://extid';
// As the browser reports a content script on a host the extension holds no permission for: no tab.url.
const contentScript = { id: ID, url: `${ORIGIN}/app`, origin: ORIGIN, tab: { id: DAPP_TAB }, frameId: 0, documentId: 'doc-A' };
const extensionPage = { id: ID, url: `${EXT}/popup.html`, origin: EXT };
const msg = (type: string, payload: unknown) => ({ channel: CHANNEL, type, payload });

let w: World;
let listen: ReturnType<typeof createMessageListener>;
beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers();
  w = makeWorld();
  listen = createMessageListener(proofRoutes(w.runner, w.tabs.handoff), ID, EXT, 'test-build');
});
afterEach(() => {
  w.life.kill();
  vi.useRealTimers();
});

describe('proof routes', () => {
  it('a page request starts a flow for the tab and origin the browser reported, not any in the message', async () => {
    const reply = await listen(msg('proof.request', { ...PARAMS, origin: 'https://bank.example', tabId: 99 }), contentScript);
    expect(reply).toEqual({ ok: true, value: { flowId: 'flow-1' } });
    await w.flush();
    expect((await sessionFlowStore().all()).map((f) => [f.origin, f.tabId, f.documentId, f.request])).toEqual([[ORIGIN, DAPP_TAB, 'doc-A', PARAMS]]);
  });

  it('a claim gets nothing for a ticket that is not open, and never a throw for odd names', async () => {
    for (const ticket of ['nope', '__proto__', 'constructor', 'toString']) {
      expect(await listen(msg('proof.claim', { ticket }), contentScript)).toEqual({ ok: true, value: { accepted: false } });
    }
    expect(await listen(msg('proof.claim', { ticket: 42 }), contentScript)).toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
    // Only content scripts claim: an extension page has no document to hand anything to.
    expect(await listen(msg('proof.claim', { ticket: 'nope' }), extensionPage)).toMatchObject({ ok: false });
  });

  it.each([
    ['missing web2Id', { scoreId: 'credit-v1', condition: 600 }],
    ['oversized web2Id', { ...PARAMS, web2Id: 'x'.repeat(300) }],
    ['non-finite condition', { ...PARAMS, condition: null }],
    ['empty scoreId', { ...PARAMS, scoreId: ' ' }],
    ['oversized message', { ...PARAMS, pad: 'z'.repeat(20_000) }],
  ])('malformed (%s): invalid-params, and nothing else happens', async (_n, payload) => {
    const reply = await listen(msg('proof.request', payload), contentScript);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
    await w.flush();
    expect(await sessionFlowStore().all()).toEqual([]);
    expect(w.tabs.windows.size).toBe(0);
    expect(w.svc.calls).toEqual([]);
  });

  it('refuses sub-frames with 4100', async () => {
    expect(await listen(msg('proof.request', PARAMS), { ...contentScript, frameId: 3 })).toMatchObject({ ok: true, value: { error: { code: 4100 } } });
  });

  it('content scripts cannot reach the consent, list, cancel or popup routes', async () => {
    await listen(msg('proof.request', PARAMS), contentScript);
    for (const [type, payload] of [
      ['proof.consent.get', { flowId: 'flow-1' }],
      ['proof.consent.answer', { flowId: 'flow-1', approve: true, always: true }],
      ['proof.list', {}],
      ['proof.cancel', { flowId: 'flow-1' }],
      ['proof.startForTab', {}],
    ] as const) {
      expect(await listen(msg(type, payload), contentScript)).toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
    }
    await w.flush();
    expect((await sessionFlowStore().all())[0]?.phase).toBe('consent');
  });

  it('the consent page reads the details and answers by flow id', async () => {
    await listen(msg('proof.request', PARAMS), contentScript);
    await w.flush();
    expect(await listen(msg('proof.consent.get', { flowId: 'flow-1' }), extensionPage)).toMatchObject({
      ok: true, value: { origin: ORIGIN, scoreId: 'credit-v1', condition: 600, web2Id: 'user-42' },
    });
    expect(await listen(msg('proof.consent.get', { flowId: 'nope' }), extensionPage)).toEqual({ ok: true, value: null, build: 'test-build' });
    expect(await listen(msg('proof.consent.answer', { flowId: 'flow-1', approve: 'yes' }), extensionPage)).toEqual({ ok: true, value: { done: true }, build: 'test-build' });
    await w.flush();
    // Only `true` approves.
    expect(w.tabs.deliveries.at(-1)?.delivery.outcome).toMatchObject({ ok: false, error: { code: 4001 } });
  });

  it.each(Object.entries(EXAMPLES))('the worker checks again whatever a content script sends (%s rule): refused ones start nothing', async (rule, { accepted, refused }) => {
    let refusedHere = 0;
    for (const ex of [...refused, ...accepted]) {
      // What Chromium's runtime messaging carries: JSON. What does not survive it cannot be sent.
      let payload: unknown;
      try {
        const text = JSON.stringify(ex());
        if (text === undefined) continue;
        payload = JSON.parse(text);
      } catch {
        continue;
      }
      let ok = true;
      try {
        parseProofRequest(payload);
      } catch {
        ok = false;
      }
      const flows = (await sessionFlowStore().all()).length;
      const windows = w.tabs.windows.size;
      const reply = await listen(msg('proof.request', payload), { ...contentScript, tab: { id: 100 + refusedHere + flows } });
      await w.flush();
      if (ok) {
        expect(reply).toMatchObject({ ok: true });
        continue;
      }
      refusedHere++;
      // The router's own size cap answers first for what is far too large; every other refusal names its rule.
      expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-params', message: expect.stringMatching(/^(Invalid parameters: |Request too large)/) } });
      expect((await sessionFlowStore().all()).length).toBe(flows);
      expect(w.tabs.windows.size).toBe(windows);
    }
    // Nothing unreadable survives the transport; every other rule still refuses there.
    if (rule !== 'readable') expect(refusedHere).toBeGreaterThan(0);
  });

  it('proof.abandon ends only the flow of the tab and origin the browser names for the sender', async () => {
    await listen(msg('proof.request', PARAMS), contentScript);
    await w.flush();
    // Another tab, a sub-frame, another origin, or an extension page: nothing happens.
    for (const sender of [
      { ...contentScript, tab: { id: 7 } },
      { ...contentScript, frameId: 2 },
      { ...contentScript, origin: 'https://evil.example', url: 'https://evil.example/' },
    ]) {
      expect(await listen(msg('proof.abandon', { flowId: 'flow-1' }), sender)).toEqual({ ok: true, value: { done: true } });
    }
    expect(await listen(msg('proof.abandon', { flowId: 'flow-1' }), extensionPage)).toMatchObject({ ok: false });
    await w.flush();
    expect((await sessionFlowStore().all()).map((f) => f.id)).toEqual(['flow-1']);
    expect(await listen(msg('proof.abandon', { flowId: 'flow-1' }), contentScript)).toEqual({ ok: true, value: { done: true } });
    await w.flush();
    expect(await sessionFlowStore().all()).toEqual([]);
    expect(w.tabs.windows.size).toBe(0);
  });
});
