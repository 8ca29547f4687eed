// @vitest-environment happy-dom
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ENTRY_BUDGET, browserEntryGzipBytes } from '@/sdk/size.ts';
import type { MockScenario } from '@/sdk/src/testing.ts';
import { SDK_DIST, useBuiltSdk } from './built.ts';

/** The built browser entry and mock beyond the shared contract suite: size, absence, late injection, time-outs. */

const built = useBuiltSdk();

const PARAMS = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@example.com' };

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

  it('detectVantage resolves null when no extension announces itself, and never hangs', async () => {
    expect(await built.sdk.browser.detectVantage({ timeoutMs: 30 })).toBeNull();
    await expect(built.sdk.browser.requestScoreProof(PARAMS, { timeoutMs: 30 })).rejects.toMatchObject({ code: 4900, message: built.sdk.browser.NOT_INSTALLED_MESSAGE });
  });

  it('detectVantage finds a provider injected late (Firefox), and requestScoreProof finds it by itself', async () => {
    built.mock({ injectAfterMs: 50 });
    const provider = await built.sdk.browser.detectVantage({ timeoutMs: 5000 });
    expect(provider?.name).toBe('Vantage');
    const result = await built.sdk.browser.requestScoreProof(PARAMS);
    expect(result).toEqual(built.sdk.testing.FIXTURE_PROOF.result);
  });

  it('an already aborted signal rejects 4001 before anything is asked', async () => {
    const handle = built.mock();
    const stop = new AbortController();
    stop.abort();
    await expect(built.sdk.browser.requestScoreProof(PARAMS, { signal: stop.signal })).rejects.toMatchObject({ code: 4001 });
    expect(handle.requests).toEqual([]);
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

  it('bindOrigin hands over the bound fixture; uninstall removes window.vantage', async () => {
    const handle = built.mock();
    const result = await built.sdk.browser.requestScoreProof({ ...PARAMS, bindOrigin: true });
    expect(result).toMatchObject({ boundOrigin: 'https://dapp.example', web2Id: 'https://dapp.example#alice@example.com' });
    handle.uninstall();
    expect('vantage' in window).toBe(false);
  });
});
