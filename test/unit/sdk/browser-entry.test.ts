// @vitest-environment happy-dom
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_ENTRY_BUDGET, browserEntryGzipBytes } from '@/sdk/size.ts';
import { hashToField, MemoryNullifierStore, verifyScoreProof } from '@/sdk/src/server.ts';
import type { MockScenario } from '@/sdk/src/testing.ts';
import { SDK_DIST, useBuiltSdk } from './built.ts';
import { eventually } from '@/test/unit/eventually.ts';

/** The built browser entry and mock beyond the shared contract suite: size, absence, cancellation, what the mock proves. */

const built = useBuiltSdk();

const PARAMS = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@example.com' };

afterEach(() => {
  vi.useRealTimers();
});

describe('@vantage/sdk as built', () => {
  it(`the browser entry is one self-contained file within ${BROWSER_ENTRY_BUDGET} bytes gzip, with no imports`, async () => {
    const code = await readFile(join(SDK_DIST, 'index.js'), 'utf8');
    expect(code).not.toMatch(/\bimport\s*[\s{*("']/);
    expect(await browserEntryGzipBytes(SDK_DIST)).toBeLessThanOrEqual(BROWSER_ENTRY_BUDGET);
  });

  it('its declarations carry the contract\'s types inline, with no path back into the repository', async () => {
    const dts = await readFile(join(SDK_DIST, 'index.d.ts'), 'utf8');
    const shared = await Promise.all((dts.match(/\.\/shared-[\w-]+\.js/g) ?? []).map((f) => readFile(join(SDK_DIST, f.replace(/\.js$/, '.d.ts')), 'utf8')));
    const all = [dts, ...shared].join('\n');
    expect(all).toMatch(/interface ScoreProofResult \{/);
    expect(all).not.toMatch(/lib\/proof|@\//);
  });

  it('not installed: detectVantage resolves null and never hangs; requestScoreProof rejects 4900 with reason not-installed', async () => {
    expect(await built.sdk.browser.detectVantage({ timeoutMs: 30 })).toBeNull();
    await expect(built.sdk.browser.requestScoreProof(PARAMS, { timeoutMs: 30 })).rejects.toMatchObject({
      code: 4900, message: built.sdk.browser.NOT_INSTALLED_MESSAGE, data: { reason: 'not-installed' },
    });
  });

  it('disconnected: Vantage going away mid-request is 4900 with reason disconnected', async () => {
    const handle = built.mock({ user: 'wait' });
    const pending = built.sdk.browser.requestScoreProof(PARAMS);
    await eventually(() => expect(handle.showing).toBe('consent'));
    handle.uninstall();
    await expect(pending).rejects.toMatchObject({ code: 4900, data: { reason: 'disconnected' } });
  });

  it('detectVantage finds a provider injected late (Firefox), and requestScoreProof finds it by itself', async () => {
    built.mock({ injectAfterMs: 50 });
    const provider = await built.sdk.browser.detectVantage({ timeoutMs: 5000 });
    expect(provider?.name).toBe('Vantage');
    const result = await built.sdk.browser.requestScoreProof(PARAMS);
    expect(result).toMatchObject({ web2Id: PARAMS.web2Id, score: 747 });
  });

  it('an already aborted signal rejects 4001 before anything is asked', async () => {
    const handle = built.mock();
    const stop = new AbortController();
    stop.abort();
    await expect(built.sdk.browser.requestScoreProof(PARAMS, { signal: stop.signal })).rejects.toMatchObject({ code: 4001 });
    await expect(built.sdk.browser.detectVantage({ signal: stop.signal })).rejects.toMatchObject({ code: 4001 });
    expect(handle.requests).toEqual([]);
  });
});

describe('cancellation at every stage (fake clock)', () => {
  /** Settles within `ms` of fake time, or says it is still pending. */
  async function within<T>(p: Promise<T>, ms: number): Promise<{ code?: number; message?: string } | 'pending' | 'resolved'> {
    let outcome: { code?: number; message?: string } | 'pending' | 'resolved' = 'pending';
    p.then(() => (outcome = 'resolved'), (e: { code?: number; message?: string }) => (outcome = { code: e.code, message: e.message }));
    await vi.advanceTimersByTimeAsync(ms);
    return outcome;
  }

  it('while looking for the extension: 4001 within 50 ms of the abort, not at the 3 s timeout', async () => {
    vi.useFakeTimers();
    const stop = new AbortController();
    const pending = built.sdk.browser.requestScoreProof(PARAMS, { signal: stop.signal });
    expect(await within(pending, 1000)).toBe('pending');
    stop.abort();
    expect(await within(pending, 50)).toEqual({ code: 4001, message: 'The page cancelled the request.' });
  });

  it('while Firefox has not injected it yet, the provider then appearing changes nothing', async () => {
    vi.useFakeTimers();
    const handle = built.mock({ injectAfterMs: 500 });
    const stop = new AbortController();
    const pending = built.sdk.browser.requestScoreProof(PARAMS, { signal: stop.signal });
    await vi.advanceTimersByTimeAsync(100);
    stop.abort();
    expect(await within(pending, 50)).toMatchObject({ code: 4001 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(handle.requests).toEqual([]);
  });

  it('while the request is pending in the extension: 4001 within 50 ms, one failed progress, the flow ended', async () => {
    vi.useFakeTimers();
    const handle = built.mock({ user: 'wait', stepMs: 10 });
    const stop = new AbortController();
    const phases: string[] = [];
    const pending = built.sdk.browser.requestScoreProof(PARAMS, { signal: stop.signal, onProgress: (p) => void phases.push(p.phase) });
    await vi.advanceTimersByTimeAsync(100);
    expect(handle.showing).toBe('consent');
    stop.abort();
    expect(await within(pending, 50)).toMatchObject({ code: 4001 });
    expect(phases).toEqual(['requested', 'consent', 'failed']);
    expect(handle.showing).toBeNull();
  });
});

describe('mockVantage answers what was asked', () => {
  const outcome = (scenario: MockScenario, params: object = PARAMS) => {
    built.mock(scenario);
    const phases: string[] = [];
    return built.sdk.browser.requestScoreProof(params as typeof PARAMS, { onProgress: (p) => void phases.push(p.phase) }).then(
      (result) => ({ code: 0, phases, result }),
      (e: { code: number; message: string }) => ({ code: e.code, message: e.message, phases }),
    );
  };

  it('the page’s web2Id, minimum and model, the mock user’s score and wallet; the server verifies it with MOCK_SERVICE_KEYS', async () => {
    const asked = { scoreId: 'activity', condition: 420, web2Id: 'bob@dapp.example' };
    const o = await outcome({ score: 512, wallet: 'w1' }, asked);
    if (!('result' in o)) throw new Error(`refused: ${o.message}`);
    const { result } = o;
    expect(result).toMatchObject({ version: 1, score: 512, web2Id: asked.web2Id, boundOrigin: null, sessionId: expect.stringMatching(/^mock-session-/) });
    expect(result.publicSignals.slice(0, 4)).toEqual(['512', '420', hashToField('activity'), hashToField(asked.web2Id)]);
    const keys = built.sdk.testing.MOCK_SERVICE_KEYS;
    const nullifiers = new MemoryNullifierStore();
    expect(await verifyScoreProof(JSON.parse(JSON.stringify(result)), { ...asked, keys, nullifiers })).toMatchObject({ ok: true, score: 512 });
    // The same wallet for another user: the nullifier is the wallet's.
    const again = await outcome({ score: 512, wallet: 'w1' }, { ...asked, web2Id: 'mallory@dapp.example' });
    if (!('result' in again)) throw new Error('refused');
    expect(await verifyScoreProof(again.result, { ...asked, web2Id: 'mallory@dapp.example', keys, nullifiers })).toMatchObject({ ok: false, reason: 'nullifier-other-user' });
    // Tampered, or checked against the service's keys: refused.
    const tampered = { ...result, score: 850, publicSignals: ['850', ...result.publicSignals.slice(1)], proof: { ...result.proof, publicSignals: ['850', ...result.publicSignals.slice(1)] } };
    expect(await verifyScoreProof(tampered, { ...asked, keys, nullifiers: null })).toMatchObject({ ok: false, reason: 'invalid-proof' });
  });

  it('bindOrigin: bound to the page’s own origin', async () => {
    const o = await outcome({}, { ...PARAMS, bindOrigin: true });
    if (!('result' in o)) throw new Error('refused');
    expect(o.result).toMatchObject({ boundOrigin: location.origin, web2Id: `${location.origin}#${PARAMS.web2Id}` });
    expect(o.result.publicSignals[3]).toBe(hashToField(`${location.origin}#${PARAMS.web2Id}`));
  });

  it('a minimum above the user’s score: the proof page closed without a proof (4001), as the extension answers', async () => {
    expect(await outcome({ score: 700 }, { ...PARAMS, condition: 701 })).toEqual({
      code: 4001, message: 'The user closed the proof page without a proof.', phases: ['requested', 'consent', 'approved', 'proof-page', 'failed'],
    });
  });

  it('an insecure site is refused 4100; a minimum the service cannot take is a service failure (5000)', async () => {
    expect(await outcome({ origin: 'http://dapp.example' })).toMatchObject({ code: 4100, message: 'Proofs are only handed to secure (https) sites.', phases: ['requested', 'failed'] });
    expect(await outcome({}, { ...PARAMS, condition: 600.5 })).toMatchObject({ code: 5000, phases: ['requested', 'consent', 'approved', 'failed'] });
  });

  it('scenario.result hands over a given result (the sandbox-made fixture)', async () => {
    const fixture = built.sdk.testing.FIXTURE_PROOF;
    const o = await outcome({ result: fixture.result }, fixture.request);
    expect('result' in o && o.result).toEqual(fixture.result);
  });

  it('sendProof: an unasked proof for the user’s default model and minimum, under the site’s pseudonym', async () => {
    const handle = built.mock();
    const seen = new Promise<unknown>((resolve) => window.addEventListener('vantage:proof', (e) => resolve((e as CustomEvent).detail), { once: true }));
    const sent = await handle.sendProof();
    expect(await seen).toEqual(sent);
    expect(sent).toMatchObject({ web2Id: expect.stringMatching(/^vp-/), publicSignals: expect.arrayContaining(['600', hashToField('credit-v1')]) });
  });
});

describe('mockVantage scenarios', () => {
  const outcome = (scenario: MockScenario) => {
    built.mock(scenario);
    const phases: string[] = [];
    return built.sdk.browser.requestScoreProof(PARAMS, { onProgress: (p) => void phases.push(p.phase) }).then(
      () => ({ code: 0, phases }),
      (e: { code: number; message: string }) => ({ code: e.code, message: e.message, phases }),
    );
  };

  it('time out: 5001 after timeoutMs', async () => {
    expect(await outcome({ user: 'wait', timeoutMs: 30 })).toEqual({ code: 5001, message: 'No proof within 1 min.', phases: ['requested', 'consent', 'failed'] });
  });

  it('close and close-proof-page: 4001 with the extension\'s messages', async () => {
    expect(await outcome({ user: 'close' })).toMatchObject({ code: 4001, message: 'The user closed the consent window.' });
    expect(await outcome({ user: 'close-proof-page' })).toMatchObject({
      code: 4001, message: 'The user closed the proof page without a proof.', phases: ['requested', 'consent', 'approved', 'proof-page', 'failed'],
    });
  });

  it('an always-allowed site without verification skips consent and verifying', async () => {
    expect(await outcome({ alwaysAllowed: true, verify: false })).toEqual({ code: 0, phases: ['requested', 'approved', 'proof-page', 'proof-received', 'handed-over'] });
  });

  it('uninstall removes window.vantage', async () => {
    const handle = built.mock();
    handle.uninstall();
    expect('vantage' in window).toBe(false);
  });
});
