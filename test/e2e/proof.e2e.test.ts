import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askWorkerFrom, screenshot } from './harness.ts';
import { clickAndClose, nextPage, proveOnProofPage, startProofWorld, stopWorkerQuietly, type ProofWorld } from './proof-world.ts';

/**
 * Proof generation on a dApp site, in Chromium, against the sandbox: the
 * example dApp (its own origin) asks through window.vantage, the consent
 * window shows the browser-reported origin, the proof page makes a real
 * Groth16 proof with an injected wallet, and the page gets it.
 */

let w: ProofWorld;
beforeAll(async () => {
  w = await startProofWorld();
});
afterAll(async () => {
  await w?.close();
});

const CONSENT = /\/consent\.html\?flow=/;
const proofPageUrl = () => new RegExp(`^${w.sandbox.origin.replace(/[.]/g, '\\.')}/proof/`);
const serviceCalls = (op: string) => w.log.paths.filter((p) => p.includes(op)).length;

/** The dApp asks for a proof and the user approves in the consent window: answers the proof page that opens. */
async function requestAndApprove(dapp: Page): Promise<Page> {
  const consentOpened = nextPage(w.h.context, CONSENT);
  await dapp.locator('#request').click();
  const consent = await consentOpened;
  const proofOpened = nextPage(w.h.context, proofPageUrl());
  await clickAndClose(consent, 'Approve');
  return proofOpened;
}

async function flows(): Promise<Record<string, { phase: string }>> {
  return ((await w.h.getStorage('session')).proofFlows ?? {}) as Record<string, { phase: string }>;
}

describe('proofs on dApp sites', () => {
  it('malformed requests get -32602 and nothing else happens', async () => {
    const dapp = await w.openDapp();
    const pagesBefore = w.h.context.pages().length;
    const codes = await dapp.evaluate(async () => {
      const bad: unknown[] = [
        { scoreId: 'credit-v1', condition: 600 },
        { scoreId: 'credit-v1', condition: 600, web2Id: 'x'.repeat(300) },
        { scoreId: 'credit-v1', condition: Number.POSITIVE_INFINITY, web2Id: 'a' },
        { scoreId: '', condition: 600, web2Id: 'a' },
        42,
        { scoreId: 'credit-v1', condition: 600, web2Id: 'a', junk: 'z'.repeat(10_000) },
      ];
      const out: unknown[] = [];
      for (const p of bad) {
        out.push(await window.vantage!.requestScoreProof(p as never).then(() => 'resolved', (e: { code: number }) => e.code));
      }
      // Straight at the relay, bypassing window.vantage.
      out.push(await new Promise((resolve) => {
        addEventListener('message', (e) => {
          const d = e.data as { target?: string; type?: string; id?: string; outcome?: { error: { code: number } } };
          if (d?.target === 'vantage:page' && d.type === 'settled' && d.id === 'raw-1') resolve(d.outcome!.error.code);
        });
        postMessage({ target: 'vantage:relay', type: 'request', id: 'raw-1', params: { scoreId: 'credit-v1', condition: 'high', web2Id: 'a' } }, location.origin);
      }));
      return out;
    });
    expect(codes).toEqual(Array(7).fill(-32602));
    // The relay refused locally: no consent window, no flow, no call to the service.
    expect(w.h.context.pages().length).toBe(pagesBefore);
    expect(await flows()).toEqual({});
    expect(serviceCalls('createUrl')).toBe(0);
    await dapp.close();
  });

  it('Reject in the consent window rejects the page’s promise with 4001', async () => {
    const dapp = await w.openDapp();
    const consentOpened = nextPage(w.h.context, CONSENT);
    await dapp.locator('#request').click();
    const consent = await consentOpened;
    const origin = consent.getByTestId('consent-origin');
    await origin.waitFor();
    // The origin shown is the one the browser reported for the requesting tab.
    expect(await origin.innerText()).toContain(w.dapp.origin);
    expect(await consent.getByTestId('consent-score-id').innerText()).toBe('credit-v1');
    expect(await consent.getByTestId('consent-condition').innerText()).toBe('600');
    expect(await consent.getByTestId('consent-web2id').innerText()).toBe('alice@lending.example');
    await consent.setViewportSize({ width: 380, height: 620 });
    await screenshot(consent, 'proof-consent');

    // Meanwhile the popup's Proofs tab lists the pending flow, with Cancel.
    const popup = await w.h.openPage('popup.html');
    await popup.setViewportSize({ width: 400, height: 560 });
    await popup.getByRole('tab', { name: 'Proofs' }).click();
    await popup.getByTestId('proof-flow').filter({ hasText: w.dapp.origin }).waitFor();
    expect(await popup.getByTestId('proof-flow').innerText()).toContain('Waiting for your approval');
    await screenshot(popup, 'proof-popup-tab');
    await popup.close();

    await clickAndClose(consent, 'Reject');
    await expect.poll(() => dapp.locator('#status').getAttribute('data-code')).toBe('4001');
    expect(await dapp.locator('#status').innerText()).toContain('The user rejected the request.');
    expect(serviceCalls('createUrl')).toBe(0);
    await dapp.close();
  });

  it('Approve → proof page with a wallet → real proof → the page gets it, score = publicSignals[0], verify says valid', async () => {
    const dapp = await w.openDapp();
    const proof = await requestAndApprove(dapp);
    await proveOnProofPage(proof);

    const result = dapp.locator('#result');
    await expect.poll(() => result.getAttribute('data-checked'), { timeout: 30_000 }).toBe('true');
    const { score, signals, proofJson } = await dapp.evaluate(() => ({
      score: Number(document.getElementById('score')!.textContent),
      signals: [...document.querySelectorAll('#signals li')].map((li) => li.textContent ?? ''),
      proofJson: document.getElementById('proof-json')!.textContent ?? '',
    }));
    expect(score).toBe(Number(signals[0]));
    expect(score).toBeGreaterThanOrEqual(600);
    expect(await result.getAttribute('data-band')).toMatch(/^(Fair|Good|Very Good|Exceptional)$/);
    // The page's own checks: service verify, offline snarkjs, answers its request.
    for (const id of ['score', 'service', 'offline', 'request']) {
      expect(await dapp.locator(`[data-check="${id}"]`).getAttribute('data-ok'), id).toBe('true');
    }
    // And the service agrees, asked directly with the object the page received.
    const verified = await fetch(`${w.sandbox.integrationBaseUrl}/bank/user/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': w.sandbox.apiKey },
      body: JSON.stringify({ proof: JSON.parse(proofJson) }),
    }).then((r) => r.json());
    expect(verified).toEqual({ valid: true });

    // The proof tab is closed and the dApp tab is active again; the flow is gone.
    await expect.poll(() => proof.isClosed()).toBe(true);
    const active = await (await w.h.worker()).evaluate(() => chrome.tabs.query({ active: true, lastFocusedWindow: true }).then((t) => t[0]?.url));
    expect(active?.startsWith(w.dapp.origin)).toBe(true);
    expect(await flows()).toEqual({});
    await dapp.bringToFront();
    await screenshot(dapp, 'proof-dapp-received');
    await dapp.close();
  });

  it('"Prove my score to this site" from the popup reaches the page as a vantage:proof event', async () => {
    const dapp = await w.openDapp('popup');
    const popup = await w.h.openPage('popup.html');
    const tabId = await (await w.h.worker()).evaluate(
      (url) => chrome.tabs.query({}).then((tabs) => tabs.find((t) => t.url === url)?.id),
      dapp.url(),
    );
    expect(tabId).toEqual(expect.any(Number));
    const proofOpened = nextPage(w.h.context, proofPageUrl());
    // The popup's button targets the active tab; opened as a tab here, the popup is that tab, so name the dApp's.
    expect(await askWorkerFrom(popup, 'proof.startForTab', { tabId })).toMatchObject({ ok: true, value: { flowId: expect.any(String) } });
    const proof = await proofOpened;
    // The popup asks under the site's pseudonym (the proof page shows the user id it was given).
    await expect.poll(() => proof.locator('#web2id').innerText()).toMatch(/^vp-[0-9a-f-]{36}$/);
    await proveOnProofPage(proof);
    await expect.poll(() => dapp.locator('#result').getAttribute('data-checked'), { timeout: 30_000 }).toBe('true');
    expect(await dapp.locator('#status').innerText()).toContain('from the Vantage popup');
    expect(await dapp.locator('[data-check="service"]').getAttribute('data-ok')).toBe('true');
    await popup.close();
    await dapp.close();
  });

  it('the service worker is stopped mid-poll, and the proof is still delivered (the alarm wakes a fresh worker)', async () => {
    const dapp = await w.openDapp();
    const proof = await requestAndApprove(dapp);
    const sessionId = new URL(proof.url()).pathname.split('/')[2]!;

    const polls = serviceCalls('getProofData');
    await expect.poll(() => serviceCalls('getProofData')).toBeGreaterThan(polls);
    await (await w.h.worker()).evaluate(() => ((globalThis as { e2eMarker?: number }).e2eMarker = 1));
    const closeStopper = await stopWorkerQuietly(w.h);
    const polledWhenStopped = serviceCalls('getProofData');

    // The user finishes on the proof page while no worker runs: the service turns FINISHED…
    await proveOnProofPage(proof);
    await expect.poll(async () => {
      const r = await fetch(`${w.sandbox.integrationBaseUrl}/platform/services/getProofData?sessionId=${sessionId}`, { headers: { 'x-apikey': w.sandbox.apiKey } });
      return ((await r.json()) as { status: string }).status;
    }, { timeout: 20_000, interval: 250 }).toBe('FINISHED');
    // …and nobody is polling for it yet.
    expect(serviceCalls('getProofData')).toBe(polledWhenStopped);
    expect(await dapp.locator('#result').getAttribute('data-checked')).toBeNull();

    // The watchdog alarm (30 s period) starts a fresh worker, which resumes the flow from storage.session.
    await expect.poll(() => dapp.locator('#result').getAttribute('data-checked'), { timeout: 45_000, interval: 500 }).toBe('true');
    expect(await dapp.locator('[data-check="service"]').getAttribute('data-ok')).toBe('true');
    expect(Number(await dapp.locator('#score').innerText())).toBe(Number(await dapp.locator('#signals li').first().innerText()));
    expect(await (await w.h.worker()).evaluate(() => (globalThis as { e2eMarker?: number }).e2eMarker)).toBeUndefined();
    await closeStopper();
    await dapp.close();
  }, 90_000);
});
