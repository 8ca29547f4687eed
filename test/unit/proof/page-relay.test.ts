import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANNOUNCE_EVENT, PAGE_API_ICON, PAGE_CANCELLED_MESSAGE, PAGE_TARGET, PROGRESS_EVENT, PROOF_EVENT, ProofErrorCode, RELAY_TARGET, REQUEST_EVENT, type ProofPayload, type ProofProgress, type ScoreProofResult } from '@/lib/proof/contract.ts';
import { Handoff } from '@/lib/proof/handoff.ts';
import type { VantageProvider } from '@/lib/proof/contract.ts';
import { HEARTBEAT_MS, installPageApi } from '@/lib/proof/page-api.ts';
import { ackFromReply, createRelay, type Delivery, type ProgressNote, type RequestAck } from '@/lib/proof/relay.ts';
import { fakeChannel, fakeChannelEvent, FakeWindow, type FakePort } from './fake-window.ts';

// The service's own key order (pi_a first, curve last): the page must get exactly this.
const PROOF_TEXT = '{"proof":{"pi_a":["1","2","1"],"protocol":"groth16","curve":"bn128"},"publicSignals":["712","9"]}';
const PAYLOAD: ProofPayload = { sessionId: 'sess-1', proofText: PROOF_TEXT, web2Id: 'user-42' };
const RESULT: ScoreProofResult = {
  version: 1,
  sessionId: 'sess-1',
  score: 712,
  proof: { proof: { pi_a: ['1', '2', '1'], protocol: 'groth16', curve: 'bn128' }, publicSignals: ['712', '9'] },
  publicSignals: ['712', '9'],
  web2Id: 'user-42',
  boundOrigin: null,
};
const TAB = 4;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PARAMS = { scoreId: 'credit-v1', condition: 600, web2Id: 'user-42' };

function delivery(flowId: string, outcome: Delivery['outcome'], source: Delivery['source'] = 'page'): Delivery {
  return { channel: 'vantage/v1', type: 'proof.deliver', flowId, source, outcome };
}

/**
 * A page with window.vantage and the relay, wired through a fake window; the worker is `ack`, and
 * `deliver` hands an outcome over the real worker-side Handoff (knock → claim, the claim's caller
 * being what the browser reports for this page's top frame).
 */
function page(ack: (p: unknown) => Promise<RequestAck> = async () => ({ flowId: 'f1' }), order: 'page-first' | 'relay-first' = 'page-first') {
  const win = new FakeWindow();
  const asked: unknown[] = [];
  const abandoned: string[] = [];
  const channels: { page: FakePort; relay: FakePort }[] = [];
  const extension = { alive: true };
  const waiting: boolean[] = [];
  let tickets = 0;
  const relay = createRelay({
    win: win as never,
    request: (p) => (asked.push(p), ack(p)),
    claim: async (ticket) => handoff.claim(ticket, { kind: 'content-script', tabId: TAB, frameId: 0, origin: win.location.origin }),
    abandon: async (flowId) => void abandoned.push(flowId),
    alive: () => extension.alive,
    onWaiting: (w) => void waiting.push(w),
    channel: fakeChannel(channels),
    channelEvent: fakeChannelEvent,
  });
  const handoff = new Handoff({ send: (_to, knock) => relay.knock(knock), tabExists: async () => true, newTicket: () => `t${++tickets}` });
  const deliver = (d: Delivery, origin = win.location.origin) => handoff.deliver({ tabId: TAB, origin }, d);
  const notify = (n: ProgressNote) => handoff.notify({ tabId: TAB, origin: win.location.origin }, n);
  const announces: unknown[] = [];
  win.addEventListener(ANNOUNCE_EVENT, (e) => announces.push((e as CustomEvent).detail));
  if (order === 'page-first') {
    installPageApi(win as never);
    relay.start();
  } else {
    relay.start();
    installPageApi(win as never);
  }
  const vantage = (win as unknown as { vantage: VantageProvider }).vantage;
  return { win, relay, asked, abandoned, channels, extension, waiting, announces, vantage, deliver, notify };
}

// A port delivers on a later task; each hop schedules the next. (Not runAllTimers: a pending request's heartbeat never ends.)
const settle = () => vi.advanceTimersByTimeAsync(20);

describe('window.vantage ⇄ relay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(['page-first', 'relay-first'] as const)('announces { name, version } once the relay is ready (%s), and again on request', async (order) => {
    const { win, announces } = page(undefined, order);
    await settle();
    // EIP-6963's provider info (uuid, name, icon, rdns), plus the API version.
    expect(announces).toEqual([{ name: 'Vantage', version: '1.1.0', uuid: expect.stringMatching(UUID_V4), icon: PAGE_API_ICON, rdns: 'app.vantage' }]);
    win.dispatchEvent(new Event(REQUEST_EVENT));
    expect(announces).toHaveLength(2);
  });

  it('is read-only and installed once', () => {
    const { win, vantage } = page();
    installPageApi(win as never);
    expect((win as unknown as { vantage: unknown }).vantage).toBe(vantage);
    expect(() => {
      (win as unknown as { vantage: unknown }).vantage = {};
    }).toThrow();
  });

  it('resolves with the delivered proof, exactly as the service sent it (same keys, same order)', async () => {
    const { asked, vantage, deliver, waiting } = page();
    const p = vantage.requestScoreProof(PARAMS);
    await settle();
    expect(asked).toEqual([PARAMS]);
    const delivered = deliver(delivery('f1', { ok: true, result: PAYLOAD }));
    await settle();
    expect(await delivered).toBe('delivered');
    const result = await p;
    expect(result).toEqual(RESULT);
    expect(JSON.stringify(result.proof)).toBe(PROOF_TEXT);
    // The relay kept its line to the worker open exactly while the page waited (lib/proof/extension-line.ts).
    expect(waiting).toEqual([true, false]);
  });

  it('a delivery that overtakes its own acknowledgement still settles the right promise', async () => {
    let ackNow!: (a: RequestAck) => void;
    const { vantage, deliver } = page(() => new Promise((r) => (ackNow = r)));
    const p = vantage.requestScoreProof(PARAMS);
    await settle();
    const delivered = deliver(delivery('f9', { ok: true, result: PAYLOAD }));
    await settle();
    ackNow({ flowId: 'f9' });
    await settle();
    await expect(p).resolves.toEqual(RESULT);
    expect(await delivered).toBe('delivered');
  });

  it('one request per page at a time: the relay refuses the next with 4290 without asking the worker, and hands a delivery once however often it is knocked', async () => {
    const { win, vantage, deliver, asked } = page();
    const events: unknown[] = [];
    win.addEventListener(PROOF_EVENT, (e) => events.push((e as CustomEvent).detail));
    const first = vantage.requestScoreProof(PARAMS);
    await settle();
    const refused = Promise.all(Array.from({ length: 50 }, () => vantage.requestScoreProof(PARAMS).catch((e: { code: number }) => e.code)));
    await settle();
    expect(await refused).toEqual(Array(50).fill(4290));
    expect(asked).toHaveLength(1);
    const d = delivery('f1', { ok: true, result: PAYLOAD });
    const delivered = deliver(d);
    await settle();
    expect(await delivered).toBe('delivered');
    await expect(first).resolves.toEqual(RESULT);
    // A worker restarted after the hand-over knocks again: taken, and nothing reaches the page twice.
    const again = deliver(d);
    await settle();
    expect(await again).toBe('delivered');
    expect(events).toEqual([]);
    // Once the first is answered, the page may ask again.
    void vantage.requestScoreProof(PARAMS);
    await settle();
    expect(asked).toHaveLength(2);
  });

  it('a knock for another origin is answered "wrong-origin" and nothing is claimed or posted', async () => {
    const { vantage, deliver, channels } = page();
    const p = vantage.requestScoreProof(PARAMS);
    let settled = false;
    void p.then(() => (settled = true), () => (settled = true));
    await settle();
    const { relay: relayEnd } = channels[0]!;
    const posted = relayEnd.sent.length;
    const delivered = deliver(delivery('f1', { ok: true, result: PAYLOAD }), 'https://other.example');
    await settle();
    expect(await delivered).toBe('origin-changed');
    expect(relayEnd.sent.length).toBe(posted);
    expect(settled).toBe(false);
  });

  it.each([
    ['missing web2Id', { scoreId: 'credit-v1', condition: 600 }],
    ['empty web2Id', { ...PARAMS, web2Id: '  ' }],
    ['oversized web2Id', { ...PARAMS, web2Id: 'x'.repeat(257) }],
    ['non-finite condition', { ...PARAMS, condition: Number.POSITIVE_INFINITY }],
    ['NaN condition', { ...PARAMS, condition: Number.NaN }],
    ['text condition', { ...PARAMS, condition: 'high' }],
    ['empty scoreId', { ...PARAMS, scoreId: '' }],
    ['no object', 'credit-v1'],
    ['huge object', { ...PARAMS, junk: 'y'.repeat(5000) }],
  ])('rejects %s with -32602 and never asks the worker', async (_name, params) => {
    const { vantage, asked } = page();
    const p = vantage.requestScoreProof(params);
    const caught = p.catch((e: unknown) => e);
    await settle();
    const e = (await caught) as Error & { code: number };
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe(ProofErrorCode.InvalidParams);
    expect(asked).toEqual([]);
  });

  it('rejects uncloneable parameters with -32602 at once', async () => {
    const { vantage, asked } = page();
    await expect(vantage.requestScoreProof({ ...PARAMS, web2Id: () => 1 })).rejects.toMatchObject({ code: -32602 });
    expect(asked).toEqual([]);
  });

  it('passes the worker’s refusal through (4290 already pending)', async () => {
    const { vantage } = page(async () => ({ error: { code: 4290, message: 'A proof request from this tab is already pending.' } }));
    const caught = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    expect(await caught).toMatchObject({ code: 4290, message: expect.stringContaining('pending') });
  });

  it('rejects with the delivered error code (4001)', async () => {
    const { vantage, deliver } = page();
    const caught = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    void deliver(delivery('f1', { ok: false, error: { code: 4001, message: 'The user rejected the request.' } }));
    await settle();
    expect(await caught).toMatchObject({ name: 'VantageError', code: 4001, message: 'The user rejected the request.' });
  });

  it('popup-started proofs arrive as a vantage:proof event', async () => {
    const { win, deliver } = page();
    const seen: unknown[] = [];
    win.addEventListener(PROOF_EVENT, (e) => seen.push((e as CustomEvent).detail));
    await settle();
    void deliver(delivery('p1', { ok: true, result: PAYLOAD }, 'popup'));
    await settle();
    expect(seen).toEqual([RESULT]);
  });

  it('rejects pending promises with 4900 when the extension goes away, and every later request at once', async () => {
    const { relay, vantage, asked } = page();
    const caught = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    relay.stop();
    await settle();
    expect(await caught).toMatchObject({ code: 4900 });
    const later = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    expect(await later).toMatchObject({ code: 4900 });
    expect(asked).toHaveLength(1);
  });
});

describe('the extension going away under a pending request (#25)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('Chromium: an orphaned relay answers the next ping "gone": 4900 within 2 s, with no word from the extension', async () => {
    const { vantage, extension } = page();
    const caught = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    extension.alive = false;
    const at = Date.now();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await caught).toMatchObject({ code: 4900 });
    expect(Date.now() - at).toBeLessThanOrEqual(2000);
  });

  it('Firefox: a relay that was removed without a word (it answers nothing) ends the request with 4900 within 2 s', async () => {
    const { vantage, channels } = page();
    let outcome: unknown;
    void vantage.requestScoreProof(PARAMS).catch((e: unknown) => (outcome = e));
    await settle();
    channels[0]!.relay.close();
    await vi.advanceTimersByTimeAsync(2000);
    expect(outcome).toMatchObject({ code: 4900 });
  });

  /**
   * The page's timers and the relay's messages stop together (a starved renderer, a computer asleep), and when they
   * run again the heartbeat's timer may come before the relay's answer, which waited behind it. `stall` holds what the
   * page sends the relay, moves the clock on by `ms` without running anything, runs the page's next beat, then lets
   * the relay read what it held.
   */
  function staller(channel: { relay: FakePort }) {
    const held: unknown[] = [];
    let holding = false;
    const read = channel.relay.onmessage!;
    channel.relay.onmessage = (event) => (holding ? held.push(event.data) : read(event));
    return async (ms: number) => {
      holding = true;
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      vi.setSystemTime(Date.now() + ms);
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      holding = false;
      for (const data of held.splice(0)) read({ data });
    };
  }

  it.each([3_000, 60 * 60_000])('a page that did not run for %i ms is not told the extension left: the relay answers late, the request waits for its proof', async (ms) => {
    const { vantage, deliver, channels } = page();
    let outcome: unknown = 'pending';
    const p = vantage.requestScoreProof(PARAMS);
    void p.catch((e: unknown) => (outcome = e));
    await settle();
    await staller(channels[0]!)(ms);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcome).toBe('pending');
    void deliver(delivery('f1', { ok: true, result: PAYLOAD }));
    await settle();
    await expect(p).resolves.toEqual(RESULT);
  });

  it('Firefox: a relay removed while the page did not run is still found gone, within 2 s of the page running again', async () => {
    const { vantage, channels } = page();
    let outcome: unknown;
    void vantage.requestScoreProof(PARAMS).catch((e: unknown) => (outcome = e));
    await settle();
    const stall = staller(channels[0]!);
    channels[0]!.relay.close();
    await stall(3_000);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2000);
    expect(outcome).toMatchObject({ code: 4900 });
  });

  it('a worker that merely stopped is no update: pings are answered, and the request waits for its proof', async () => {
    const { vantage, deliver } = page();
    let outcome: unknown = 'pending';
    const p = vantage.requestScoreProof(PARAMS);
    void p.catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(outcome).toBe('pending');
    void deliver(delivery('f1', { ok: true, result: PAYLOAD }));
    await settle();
    await expect(p).resolves.toEqual(RESULT);
  });

  it('a request the worker cannot be asked (Extension context invalidated) is 4900 at once', async () => {
    const { vantage, extension } = page(async () => {
      extension.alive = false;
      return ackFromReply(undefined);
    });
    const asked = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    expect(await asked).toMatchObject({ code: 4900 });
    // The relay knows now: the next request is 4900 without asking anyone.
    const next = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    expect(await next).toMatchObject({ code: 4900 });
  });

  it('what was pending when the extension went away is 4900 at the next heartbeat; a request meanwhile is 4290 in the page, never reaching the relay', async () => {
    const { vantage, extension, asked } = page();
    const first = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    extension.alive = false;
    const second = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    expect(await second).toMatchObject({ code: 4290 });
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await first).toMatchObject({ code: 4900 });
    const third = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    expect(await third).toMatchObject({ code: 4900 });
  });

  it('Firefox: the new version’s relay starting in the page ends the old one’s requests with 4900 and serves the next', async () => {
    const win = new FakeWindow();
    const made = (alive: { alive: boolean }, asked: unknown[]) => createRelay({
      win: win as never,
      request: async (p) => (asked.push(p), { flowId: `f${asked.length}` }),
      claim: async () => ({ accepted: false }),
      abandon: async () => undefined,
      alive: () => alive.alive,
      channel: fakeChannel(),
      channelEvent: fakeChannelEvent,
    });
    const oldAsked: unknown[] = [];
    made({ alive: true }, oldAsked).start();
    installPageApi(win as never, { followNewRelay: true });
    const vantage = (win as unknown as { vantage: VantageProvider }).vantage;
    const old = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    const newAsked: unknown[] = [];
    made({ alive: true }, newAsked).start();
    expect(await old).toMatchObject({ code: 4900 });
    void vantage.requestScoreProof(PARAMS);
    await settle();
    expect([oldAsked.length, newAsked.length]).toEqual([1, 1]);
  });
});

describe('forged page-side messages (#26): at most the forging page is fooled, never the extension', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('window messages in the relay’s or the page script’s format reach neither: no request, no "gone", no "settled"', async () => {
    const { win, asked, vantage, deliver } = page();
    const p = vantage.requestScoreProof(PARAMS);
    await settle();
    // Everything a page script could post, as the old window-message protocol had it.
    win.postMessage({ target: RELAY_TARGET, type: 'request', id: 'x', params: PARAMS }, win.location.origin);
    win.postMessage({ target: PAGE_TARGET, type: 'gone' }, win.location.origin);
    win.postMessage({ target: PAGE_TARGET, type: 'settled', id: 'any', outcome: { ok: false, error: { code: 4001, message: 'forged' } } }, win.location.origin);
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toHaveLength(1);
    void deliver(delivery('f1', { ok: true, result: PAYLOAD }));
    await settle();
    await expect(p).resolves.toEqual(RESULT);
  });

  it('a page script that asks for a line gets one of its own: it can ask (as window.vantage can) but never answer the page’s requests', async () => {
    const { win, vantage, asked, channels } = page();
    const p = vantage.requestScoreProof(PARAMS);
    let settled = false;
    void p.then(() => (settled = true), () => (settled = true));
    await settle();
    // The page script asks for a channel and takes the offer before anyone else.
    let own: FakePort | undefined;
    win.addEventListener('vantage:channel', (e) => {
      own = (e as MessageEvent).ports[0] as unknown as FakePort;
      e.preventDefault();
    }, { capture: true });
    win.dispatchEvent(new Event('vantage:connect'));
    // window.vantage already has its line (Chromium: it takes no second one), so the offer went to the script.
    expect(own).toBe(channels[1]!.page);
    own!.postMessage({ target: PAGE_TARGET, type: 'settled', id: 'x', outcome: { ok: true, result: PAYLOAD } });
    own!.postMessage({ target: RELAY_TARGET, type: 'request', id: 'mine', params: PARAMS });
    await settle();
    expect(settled).toBe(false);
    // Its request is one more from this page: refused while the page's own is pending.
    expect(channels[1]!.relay.sent).toEqual([expect.objectContaining({ type: 'settled', id: 'mine', outcome: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 4290 }) }) })]);
    expect(asked).toHaveLength(1);
  });

  it('a request the page stopped waiting for (a forged answer where one could reach it) is ended in the extension, not left pending', async () => {
    const { vantage, abandoned, channels } = page();
    const p = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    // As if a settled had reached window.vantage without the relay sending it (Firefox, docs/security.md).
    channels[0]!.relay.postMessage({ target: PAGE_TARGET, type: 'settled', id: (await firstRequestId(channels[0]!.page)), outcome: { ok: false, error: { code: 4001, message: 'forged' } } });
    await settle();
    expect(await p).toMatchObject({ code: 4001 });
    expect(abandoned).toEqual(['f1']);
    // And the page may ask again at once: no 4290 from a flow nobody waits for.
    const again = vantage.requestScoreProof(PARAMS);
    await settle();
    void again.catch(() => undefined);
    expect(channels[0]!.page.sent.filter((m) => (m as { type: string }).type === 'request')).toHaveLength(2);
  });

  it('cancelRequest (vantage_cancelRequest): the request rejects 4001 at once and its flow is ended through the abandon route', async () => {
    const { vantage, abandoned } = page();
    const phases: unknown[] = [];
    let id = '';
    const p = vantage.requestScoreProof(PARAMS, { onProgress: (e) => ((id ||= e.id), phases.push(e.phase)) }).catch((e: unknown) => e);
    await settle();
    expect(await vantage.request({ method: 'vantage_cancelRequest', params: { id } })).toBe(true);
    expect(await p).toMatchObject({ name: 'VantageError', code: 4001, message: PAGE_CANCELLED_MESSAGE });
    expect(phases).toEqual(['requested', 'failed']);
    await settle();
    expect(abandoned).toEqual(['f1']);
    // Nothing left to cancel: false, and the worker is not asked again.
    expect(await vantage.cancelRequest(id)).toBe(false);
    expect(await vantage.cancelRequest('no-such-id')).toBe(false);
    await expect(vantage.cancelRequest(42 as never)).rejects.toMatchObject({ code: -32602 });
    await expect(vantage.request({ method: 'vantage_cancelRequest', params: {} })).rejects.toMatchObject({ code: -32602 });
    await settle();
    expect(abandoned).toEqual(['f1']);
  });

  it('a request cancelled before the worker acknowledged it ends as soon as the ack comes, and the page may ask again meanwhile', async () => {
    const ackers: ((a: RequestAck) => void)[] = [];
    const { vantage, abandoned, asked, channels } = page(() => new Promise((r) => void ackers.push(r)));
    let id = '';
    const p = vantage.requestScoreProof(PARAMS, { onProgress: (e) => void (id ||= e.id) }).catch((e: unknown) => e);
    await settle();
    expect(asked).toHaveLength(1);
    expect(await vantage.cancelRequest(id)).toBe(true);
    expect(await p).toMatchObject({ code: 4001 });
    await settle();
    // Asked again before the first ack: the relay lets it through (the cancelled one no longer counts).
    const again = vantage.requestScoreProof(PARAMS);
    await settle();
    expect(asked).toHaveLength(2);
    ackers[0]!({ flowId: 'f1' });
    await settle();
    expect(abandoned).toEqual(['f1']);
    // The page never hears of the cancelled flow again; the new request is the one the relay tracks.
    expect(channels[0]!.relay.sent.filter((m) => (m as { type: string }).type === 'accepted')).toEqual([]);
    ackers[1]!({ flowId: 'f2' });
    await settle();
    expect(channels[0]!.relay.sent.filter((m) => (m as { type: string }).type === 'accepted')).toHaveLength(1);
    expect(abandoned).toEqual(['f1']);
    void again.catch(() => undefined);
  });

  it('nothing is ever posted on window', async () => {
    const { win, vantage, deliver } = page();
    void vantage.requestScoreProof(PARAMS);
    await settle();
    void deliver(delivery('f1', { ok: true, result: PAYLOAD }));
    await settle();
    expect(win.posted).toEqual([]);
  });
});

/** The id of the first request a page script sent on its end of the channel. */
async function firstRequestId(pagePort: FakePort): Promise<string> {
  const m = pagePort.sent.find((x) => (x as { type: string }).type === 'request') as { id: string };
  return m.id;
}

describe('ackFromReply', () => {
  it('maps router refusals and silence to page codes', () => {
    expect(ackFromReply({ ok: true, value: { flowId: 'a' } })).toEqual({ flowId: 'a' });
    expect(ackFromReply({ ok: false, error: { kind: 'invalid-params', message: 'Request too large.' } })).toEqual({ error: { code: -32602, message: 'Request too large.' } });
    expect(ackFromReply({ ok: false, error: { kind: 'network', message: 'x' } })).toMatchObject({ error: { code: 5000 } });
    expect(ackFromReply(undefined)).toMatchObject({ error: { code: 4900 } });
  });
});

describe('window.vantage: progress, request({ method }), bound web2Ids (#16)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const note = (flowId: string, phase: ProgressNote['phase']): ProgressNote => ({ channel: 'vantage/v1', type: 'proof.progress', flowId, phase });

  function progressOf(win: FakeWindow) {
    const seen: ProofProgress[] = [];
    win.addEventListener(PROGRESS_EVENT, (e) => seen.push((e as CustomEvent<ProofProgress>).detail));
    return seen;
  }

  it('progress events on window and to the callback, in order, ending with handed-over', async () => {
    const { win, vantage, notify, deliver } = page();
    const seen = progressOf(win);
    const called: ProofProgress[] = [];
    const p = vantage.requestScoreProof(PARAMS, { onProgress: (e) => called.push(e) });
    await settle();
    for (const phase of ['consent', 'approved', 'proof-page', 'proof-received', 'verifying'] as const) await notify(note('f1', phase));
    void deliver(delivery('f1', { ok: true, result: PAYLOAD }));
    await settle();
    await expect(p).resolves.toEqual(RESULT);
    expect(seen.map((e) => e.phase)).toEqual(['requested', 'consent', 'approved', 'proof-page', 'proof-received', 'verifying', 'handed-over']);
    expect(new Set(seen.map((e) => e.id)).size).toBe(1);
    expect(called).toEqual(seen);
    // Nothing but the id and the phase.
    expect(Object.keys(seen[3]!).sort()).toEqual(['id', 'phase']);
    // Notes after the hand-over, or for flows this page did not ask for, reach nobody.
    await notify(note('f1', 'verifying'));
    await notify(note('f7', 'consent'));
    await settle();
    expect(seen).toHaveLength(7);
  });

  it('a failed request ends with a failed event carrying its code', async () => {
    const { win, vantage, deliver } = page();
    const seen = progressOf(win);
    const caught = vantage.requestScoreProof(PARAMS).catch((e: unknown) => e);
    await settle();
    void deliver(delivery('f1', { ok: false, error: { code: 4001, message: 'The user closed the proof page without a proof.' } }));
    await settle();
    expect(await caught).toMatchObject({ code: 4001 });
    expect(seen.map((e) => [e.phase, e.code])).toEqual([['requested', undefined], ['failed', 4001]]);
  });

  it('request({ method: "vantage_requestScoreProof", params }) is requestScoreProof, params as an object or a one-element array', async () => {
    let flows = 0;
    const { asked, vantage, deliver } = page(async () => ({ flowId: `f${++flows}` }));
    const byObject = vantage.request({ method: 'vantage_requestScoreProof', params: PARAMS });
    await settle();
    void deliver(delivery('f1', { ok: true, result: PAYLOAD }));
    await settle();
    await expect(byObject).resolves.toEqual(RESULT);
    const byArray = vantage.request({ method: 'vantage_requestScoreProof', params: [PARAMS] });
    await settle();
    void deliver(delivery('f2', { ok: true, result: PAYLOAD }));
    await settle();
    await expect(byArray).resolves.toEqual(RESULT);
    expect(asked).toEqual([PARAMS, PARAMS]);
  });

  it('request() errors: 4200 for an unknown method, -32602 for bad arguments or parameters, as Errors with code and message', async () => {
    const { asked, vantage } = page();
    await expect(vantage.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4200, message: expect.stringContaining('eth_requestAccounts'), data: { method: 'eth_requestAccounts' } });
    await expect(vantage.request(null as never)).rejects.toMatchObject({ code: -32602 });
    const bad = vantage.request({ method: 'vantage_requestScoreProof', params: { scoreId: 'credit-v1' } }).catch((e: unknown) => e);
    await settle();
    expect(await bad).toMatchObject({ name: 'VantageError', code: -32602 });
    expect(asked).toEqual([]);
  });

  it('bindOrigin: passed on as true; not a boolean is -32602; a web2Id in the bound form without it is -32602', async () => {
    const { asked, vantage } = page();
    void vantage.requestScoreProof({ ...PARAMS, bindOrigin: true });
    await settle();
    expect(asked).toEqual([{ ...PARAMS, bindOrigin: true }]);
    for (const params of [{ ...PARAMS, bindOrigin: 'yes' }, { ...PARAMS, web2Id: 'https://bank.example#alice' }]) {
      const caught = vantage.requestScoreProof(params).catch((e: unknown) => e);
      await settle();
      expect(await caught).toMatchObject({ code: -32602 });
    }
    expect(asked).toHaveLength(1);
  });

  it('the announced icon is public/icon.svg', () => {
    const svg = readFileSync(join(process.cwd(), 'public/icon.svg'), 'utf8');
    expect(decodeURIComponent(PAGE_API_ICON.replace(/^data:image\/svg\+xml,/, ''))).toBe(svg);
  });
});
