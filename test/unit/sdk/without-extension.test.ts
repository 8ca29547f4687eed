// @vitest-environment happy-dom
/**
 * The page's side of the no-extension path (the BUILT browser entry) against the page's own server
 * (ProofSessions.handle, in process) and a scripted service, on a fake clock: the same progress, codes
 * and AbortSignal as through the extension, and what each way of leaving the proof page gives.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROOF_PAGE_GRACE_MS } from '@/lib/proof/poll-schedule.ts';
import { ProofSessions } from '@/sdk/src/server.ts';
import type { ProofPageShow } from '@/sdk/src/index.ts';
import { useBuiltSdk } from './built.ts';

const built = useBuiltSdk();
const SESSION = '9b2e4c1a-0f3d-4e5f-8a7b-6c5d4e3f2a1b';
const PROOF = JSON.stringify({ proof: { pi_a: ['1', '2', '1'], pi_b: [['1', '2'], ['3', '4'], ['1', '0']], pi_c: ['5', '6', '1'], protocol: 'groth16', curve: 'bn128' }, publicSignals: ['747', '600', '1', '2', '3', '4', '5'] });
const ASK = { askId: 'ask-1', scoreId: 'credit-v1', condition: 600, web2Id: 'alice@example.com', bindOrigin: false };

/** The service answers PROCESSING until `finishAfter` polls, then the proof (never, by default). */
function world({ finishAfter = Number.POSITIVE_INFINITY, start }: { finishAfter?: number; start?: () => Response } = {}) {
  let polls = 0;
  const service = (async (input: string | URL | Request) => {
    if (String(input).includes('createUrl')) return Response.json({ sessionId: SESSION });
    polls += 1;
    return Response.json(polls > finishAfter ? { status: 'FINISHED', proof: PROOF } : { status: 'PROCESSING' });
  }) as typeof fetch;
  const sessions = new ProofSessions({ apiKey: 'app-key', integrationBaseUrl: 'https://service.example/v1', proofPageTemplate: 'https://service.example/proof/{sessionId}', fetch: service });
  const bodies: { action: string }[] = [];
  // The page's server: its endpoint answers with ProofSessions.handle.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/vantage-session');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    const body = JSON.parse(String(init.body)) as { action: string };
    bodies.push(body);
    if (body.action === 'start' && start) return start();
    const { status, body: answer } = await sessions.handle(body, { ask: (p) => (p.askId === ASK.askId ? ASK : null) });
    return Response.json(answer, { status });
  });
  return { sessions, bodies, polls: () => polls };
}

/** A proof page view the test drives: what was shown, and the user leaving it. */
function fakeShow() {
  let leave: (why: 'closed' | 'cancelled') => void = () => undefined;
  const seen = { url: undefined as string | undefined, closed: false };
  const show: ProofPageShow = {
    open: () => ({
      show: (url) => void (seen.url = url),
      left: new Promise((resolve) => (leave = resolve)),
      close: () => void (seen.closed = true),
    }),
  };
  return { show, seen, leave: (why: 'closed' | 'cancelled') => leave(why) };
}

function ask(show: ProofPageShow, signal?: AbortSignal) {
  const phases: string[] = [];
  const events: string[] = [];
  const onEvent = (e: Event) => events.push((e as CustomEvent<{ phase: string }>).detail.phase);
  window.addEventListener('vantage:progress', onEvent);
  const outcome = built.sdk.browser.requestScoreProof(ASK, { provider: null, signal, onProgress: (p) => void phases.push(p.phase), withoutExtension: { session: '/api/vantage-session', show } })
    .then((result) => ({ ok: true as const, result }), (e: { code: number; message: string }) => ({ ok: false as const, code: e.code, message: e.message }))
    .finally(() => window.removeEventListener('vantage:progress', onEvent));
  return { outcome, phases, events };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 5_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requestScoreProof without the extension, through the page’s server', () => {
  it('the proof page shown, the proof handed over, progress as through the extension (without consent)', async () => {
    const w = world({ finishAfter: 2 });
    const page = fakeShow();
    const { outcome, phases, events } = ask(page.show);
    await vi.advanceTimersByTimeAsync(5_000);
    const o = await outcome;
    expect(o).toMatchObject({ ok: true, result: { sessionId: SESSION, score: 747, web2Id: ASK.web2Id, boundOrigin: null } });
    expect(page.seen).toEqual({ url: `https://service.example/proof/${SESSION}`, closed: true });
    expect(phases).toEqual(['requested', 'approved', 'proof-page', 'proof-received', 'handed-over']);
    expect(events).toEqual(phases);
    expect(w.bodies.map((b) => b.action)).toEqual(['start', 'wait']);
  });

  it('the page’s AbortSignal: 4001 within 50 ms, the server’s session cancelled, the view closed', async () => {
    const w = world();
    const page = fakeShow();
    const stop = new AbortController();
    const { outcome, phases } = ask(page.show, stop.signal);
    await vi.advanceTimersByTimeAsync(3_000);
    stop.abort();
    await vi.advanceTimersByTimeAsync(50);
    expect(await outcome).toEqual({ ok: false, code: 4001, message: 'The page cancelled the request.' });
    expect(phases).toEqual(['requested', 'approved', 'proof-page', 'failed']);
    expect(page.seen.closed).toBe(true);
    expect(await w.sessions.wait(SESSION)).toMatchObject({ status: 'FAILED', code: 4001 });
  });

  it('the user’s Cancel (QR dialog): 4001 "The user cancelled the request."', async () => {
    world();
    const page = fakeShow();
    const { outcome } = ask(page.show);
    await vi.advanceTimersByTimeAsync(1_000);
    page.leave('cancelled');
    await vi.advanceTimersByTimeAsync(10);
    expect(await outcome).toEqual({ ok: false, code: 4001, message: 'The user cancelled the request.' });
  });

  it('the proof page’s tab closed: the grace period, then 4001 as through the extension', async () => {
    world();
    const page = fakeShow();
    const { outcome } = ask(page.show);
    await vi.advanceTimersByTimeAsync(2_000);
    page.leave('closed');
    await vi.advanceTimersByTimeAsync(PROOF_PAGE_GRACE_MS - 100);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await outcome).toEqual({ ok: false, code: 4001, message: 'The user closed the proof page without a proof.' });
  });

  it('one request at a time (4290), as the extension allows per tab', async () => {
    world();
    const stop = new AbortController();
    const first = ask(fakeShow().show, stop.signal);
    const second = ask(fakeShow().show);
    await vi.advanceTimersByTimeAsync(10);
    expect(await second.outcome).toMatchObject({ ok: false, code: 4290 });
    expect(second.phases).toEqual(['requested', 'failed']);
    stop.abort();
    expect(await first.outcome).toMatchObject({ ok: false, code: 4001 });
  });

  it('what the server answers: an ask it did not make (4100), a failure (5000), garbage (5000)', async () => {
    const cases: [() => Response, object][] = [
      [() => Response.json({ code: 4100, message: 'This server did not ask for that proof (unknown or expired ask).' }, { status: 403 }), { code: 4100, message: 'This server did not ask for that proof (unknown or expired ask).' }],
      [() => Response.json({ code: 5000, message: 'The score service failed; the site’s server has the details.' }, { status: 502 }), { code: 5000 }],
      [() => new Response('<html>Bad gateway</html>', { status: 502 }), { code: 5000, message: 'Your server’s proof session failed (HTTP 502).' }],
      [() => Response.json({ code: 12345, message: 'made up' }, { status: 400 }), { code: 5000, message: 'made up' }],
    ];
    for (const [start, expected] of cases) {
      world({ start });
      const page = fakeShow();
      const { outcome, phases } = ask(page.show);
      await vi.advanceTimersByTimeAsync(10);
      expect(await outcome).toMatchObject({ ok: false, ...expected });
      expect(phases).toEqual(['requested', 'failed']);
      expect(page.seen.closed).toBe(true);
    }
  });
});

describe('newTab()', () => {
  it('opens a blank tab at once, cuts its opener, sends it to the proof page, and notices it closing', async () => {
    world({ finishAfter: Number.POSITIVE_INFINITY });
    const tab = { opener: window as unknown, closed: false, location: { replace: vi.fn() }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { outcome } = ask(built.sdk.browser.newTab());
    // Within the call itself (a click's gesture still holds), before any answer from the server.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(tab.location.replace).toHaveBeenCalledWith(`https://service.example/proof/${SESSION}`);
    tab.closed = true;
    await vi.advanceTimersByTimeAsync(500 + PROOF_PAGE_GRACE_MS + 100);
    expect(await outcome).toMatchObject({ ok: false, code: 4001, message: 'The user closed the proof page without a proof.' });
  });

  it('a blocked tab: 4100 saying why', async () => {
    world();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { outcome } = ask(built.sdk.browser.newTab());
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toMatchObject({ ok: false, code: 4100, message: built.sdk.browser.TAB_BLOCKED_MESSAGE });
  });
});
