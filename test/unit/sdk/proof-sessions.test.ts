/**
 * @vantage/sdk/server's ProofSessions (the no-extension path) on a fake clock against a scripted service:
 * createUrl, the proof page's address, getProofData by the extension's schedule (a poll a second, backing
 * off when nothing moves), a 429's Retry-After and 5xx backoff, the timeout (5001), the page closing the
 * proof page (the grace period, 4001), a cancel, garbage from the service, and the page's protocol.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { intervalAfterQuiet, PROOF_PAGE_GRACE_MS } from '@/lib/proof/poll-schedule.ts';
import { ProofSessions, SESSION_SERVICE_FAILED, type ProofSessionsOptions } from '@/sdk/src/server.ts';

const BASE = 'https://service.example/v1';
const TEMPLATE = 'https://service.example/proof/{sessionId}';
const SESSION = '3f1c2a9e-1b2c-4d5e-8f90-123456789abc';
const PROOF = JSON.stringify({ proof: { pi_a: ['1', '2', '1'], pi_b: [['1', '2'], ['3', '4'], ['1', '0']], pi_c: ['5', '6', '1'], protocol: 'groth16', curve: 'bn128' }, publicSignals: ['747', '600', '1', '2', '3', '4', '5'] });
const ASK = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@example.com' };

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network';

/** The service: createUrl answers a session; getProofData answers the script, one reply per poll (the last one repeats). */
function service(script: Reply[]) {
  const calls: { path: string; at: number; key: string | null }[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ path: url.pathname, at: Date.now(), key: new Headers(init?.headers).get('x-apikey') });
    if (url.pathname.endsWith('/createUrl')) return Response.json({ sessionId: SESSION });
    const reply = script.length > 1 ? script.shift()! : script[0]!;
    if (reply === 'network') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply.body ?? { status: 'PROCESSING' }), { status: reply.status ?? 200, headers: { 'content-type': 'application/json', ...reply.headers } });
  });
  const polls = () => calls.filter((c) => c.path.endsWith('/getProofData'));
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, polls };
}

const sessions = (fetch: typeof globalThis.fetch, over: Partial<ProofSessionsOptions> = {}) =>
  new ProofSessions({ apiKey: 'app-key', integrationBaseUrl: BASE, proofPageTemplate: TEMPLATE, origin: 'https://app.example', fetch, ...over });

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ProofSessions', () => {
  it('start: createUrl with the app’s key for what the server asks (bound to its origin), the proof page’s address', async () => {
    const svc = service([{}]);
    const s = sessions(svc.fetch);
    const session = await s.start({ ...ASK, bindOrigin: true });
    expect(session).toEqual({ sessionId: SESSION, url: `https://service.example/proof/${SESSION}`, startedAt: 1_000_000, timeoutMs: 600_000 });
    const created = new URL(String(vi.mocked(svc.fetch).mock.calls[0]![0]));
    expect(Object.fromEntries(created.searchParams)).toEqual({ web2Id: 'https://app.example#alice@example.com', condition: '600', scoreId: 'credit-v1' });
    expect(svc.calls[0]!.key).toBe('app-key');
    s.cancel(SESSION);
  });

  it('polls once a second while fresh, backs off when nothing moves, and hands over the proof as a result', async () => {
    const svc = service([{}]);
    const s = sessions(svc.fetch);
    await s.start(ASK);
    await vi.advanceTimersByTimeAsync(120_000);
    // The extension's schedule exactly: each poll the interval after its quiet time (1 s while fresh, then doubling to 15 s).
    const at = svc.polls().map((c) => c.at - 1_000_000);
    expect(at[0]).toBe(1_000);
    at.slice(1).forEach((t, i) => expect(t - at[i]!).toBe(intervalAfterQuiet(at[i]!)));
    expect(at.filter((t) => t <= 30_000)).toHaveLength(30);
    expect(at.at(-1)! - at.at(-2)!).toBe(15_000);
    vi.mocked(svc.fetch).mockImplementation(async (input) => (String(input).includes('createUrl') ? Response.json({ sessionId: SESSION }) : Response.json({ status: 'FINISHED', proof: PROOF })));
    await vi.advanceTimersByTimeAsync(16_000);
    const state = await s.wait(SESSION);
    expect(state).toMatchObject({ status: 'FINISHED', result: { version: 1, sessionId: SESSION, score: 747, web2Id: ASK.web2Id, boundOrigin: null, proof: JSON.parse(PROOF) } });
    expect(s.proved(SESSION)).toMatchObject({ startedAt: 1_000_000, result: { score: 747 } });
  });

  it('a 429 waits out its Retry-After, a 5xx backs off, and a proof still arrives', async () => {
    const svc = service([{ status: 429, headers: { 'retry-after': '7' }, body: { message: 'slow down' } }, { status: 503 }, { status: 503 }, { body: { status: 'FINISHED', proof: PROOF } }]);
    const s = sessions(svc.fetch);
    await s.start(ASK);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(svc.polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6_900);
    expect(svc.polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(svc.polls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    const at = svc.polls().map((c) => c.at - 1_000_000);
    expect(at).toEqual([1_000, 8_000, 10_000, 14_000]);
    expect(await s.wait(SESSION)).toMatchObject({ status: 'FINISHED' });
  });

  it('what cannot be retried fails 5000 with a fixed text for the page, the service’s words kept for the server', async () => {
    const svc = service([{ status: 401, body: { message: 'Invalid API key' } }]);
    const s = sessions(svc.fetch);
    await s.start(ASK);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await s.wait(SESSION)).toEqual({ status: 'FAILED', code: 5000, message: SESSION_SERVICE_FAILED });
    expect(s.failure(SESSION)).toMatch(/getProofData: HTTP 401/);
    const garbage = service([{ body: { status: 'FINISHED', proof: '<html>' } }]);
    const g = sessions(garbage.fetch);
    await g.start(ASK);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await g.wait(SESSION)).toMatchObject({ status: 'FAILED', code: 5000 });
    expect(g.failure(SESSION)).toMatch(/not valid JSON/);
  });

  it('times out (5001) after timeoutMs', async () => {
    const s = sessions(service([{}]).fetch, { timeoutMs: 60_000 });
    await s.start(ASK);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await s.wait(SESSION)).toEqual({ status: 'FAILED', code: 5001, message: 'No proof within 1 min.' });
  });

  it('the proof page closed: polled at once, 4001 after the grace period; a proof within it still arrives', async () => {
    const svc = service([{}]);
    const s = sessions(svc.fetch);
    await s.start(ASK);
    await vi.advanceTimersByTimeAsync(40_000);
    const before = svc.polls().length;
    s.closed(SESSION);
    await vi.advanceTimersByTimeAsync(10);
    expect(svc.polls().length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(PROOF_PAGE_GRACE_MS - 20);
    expect(await s.wait(SESSION)).toEqual({ status: 'PROCESSING' });
    await vi.advanceTimersByTimeAsync(20);
    expect(await s.wait(SESSION)).toEqual({ status: 'FAILED', code: 4001, message: 'The user closed the proof page without a proof.' });

    const late = service([{}, {}, { body: { status: 'FINISHED', proof: PROOF } }]);
    const l = sessions(late.fetch);
    await l.start(ASK);
    l.closed(SESSION);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await l.wait(SESSION)).toMatchObject({ status: 'FINISHED' });
  });

  it('cancel ends it (4001) and stops polling; wait holds the page until something happens', async () => {
    const svc = service([{}]);
    const s = sessions(svc.fetch);
    await s.start(ASK);
    const waiting = s.wait(SESSION, { waitMs: 20_000 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(s.cancel(SESSION)).toBe(true);
    expect(await waiting).toEqual({ status: 'FAILED', code: 4001, message: 'The user cancelled the request.' });
    const polls = svc.polls().length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(svc.polls()).toHaveLength(polls);
    expect(s.cancel(SESSION)).toBe(false);
  });

  it('handle: the page’s protocol, what the server did not ask refused, garbage answered', async () => {
    const s = sessions(service([{ body: { status: 'FINISHED', proof: PROOF } }]).fetch);
    const ask = (p: Record<string, unknown>) => (p.askId === 'known' ? ASK : null);
    expect(await s.handle({ action: 'start', params: { askId: 'nope' } }, { ask })).toMatchObject({ status: 403, body: { code: 4100 } });
    expect(await s.handle({ action: 'start', params: { askId: 'known' } }, { ask })).toEqual({
      status: 200, body: { sessionId: SESSION, url: `https://service.example/proof/${SESSION}`, timeoutMs: 600_000 },
    });
    const waited = s.handle({ action: 'wait', sessionId: SESSION }, { ask });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await waited).toMatchObject({ status: 200, body: { status: 'FINISHED', result: { score: 747 } } });
    expect(await s.handle({ action: 'wait', sessionId: 'unknown' }, { ask })).toMatchObject({ status: 404 });
    for (const junk of [null, 'x', {}, { action: 'start' }, { action: 'wait' }, { action: 'drop', sessionId: SESSION }]) {
      expect(await s.handle(junk, { ask })).toMatchObject({ status: 400, body: { code: -32602 } });
    }
    // An ask the page API refuses never reaches the service.
    const bad = await s.handle({ action: 'start', params: {} }, { ask: () => ({ ...ASK, web2Id: 'a\u202Eb' }) });
    expect(bad).toMatchObject({ status: 400, body: { code: -32602 } });
  });

  it('refuses a service’s proof page off its own origins, and a bound ask without the site’s origin', async () => {
    const fetch = (async () => Response.json({ sessionId: SESSION, url: 'https://phish.example/proof' })) as typeof globalThis.fetch;
    await expect(sessions(fetch).start(ASK)).rejects.toMatchObject({ code: 5000 });
    await expect(sessions(service([{}]).fetch, { origin: undefined }).start({ ...ASK, bindOrigin: true })).rejects.toMatchObject({ code: -32602 });
  });
});
