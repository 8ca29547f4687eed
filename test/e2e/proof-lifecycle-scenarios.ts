import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickWhenArmed, consentOpened } from './consent-window.ts';
import { printExtensionErrorsOnFailure } from './driver/report.ts';
import type { LaunchBrowser, TestPage } from './driver/types.ts';
import { startProofWorld, type ProofWorld } from './proof-world.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * A page request in flight while the extension is reloaded or updated (#25):
 * the page's promise settles with 4900 within 2 s, and nothing the old
 * version opened is left waiting; while a background that merely stopped
 * (idle) is no update: the request carries on. One list for both browsers.
 */

/**
 * docs/page-api.md promises 4900 within 2 s of the extension going away: the relay's twice-a-second check, which the
 * page-relay unit tests hold to 2 s on a fake clock. Here the time runs from the test asking the browser to reload,
 * so it also holds the browser's own unloading, which under the whole suite on a slow day took over 2 s (2,153 ms,
 * 2026-11-29): a ceiling for that, not the promise; each run prints what it took.
 */
const GONE_CEILING_MS = 5000;

interface Outcome {
  readonly code?: number;
  readonly ok?: boolean;
  /** Date.now() in the page when the promise settled. */
  readonly at: number;
}

export function lifecycleScenarios(launch: LaunchBrowser, extensionDir: string): void {
  let w: ProofWorld;
  beforeAll(async () => {
    w = await startProofWorld(launch, { extensionDir });
  });
  afterAll(async () => {
    await w?.close();
  });
  printExtensionErrorsOnFailure(() => w?.driver);

  /** Asks through window.vantage and records how the promise settles, and when. */
  const ask = (dapp: TestPage) =>
    dapp.evaluate(() => {
      const page = window as unknown as { outcome?: Outcome };
      delete page.outcome;
      window.vantage!.requestScoreProof({ scoreId: 'credit-v1', condition: 600, web2Id: 'alice@lending.example' }).then(
        () => (page.outcome = { ok: true, at: Date.now() }),
        (e: { code: number }) => (page.outcome = { code: e.code, at: Date.now() }),
      );
    });
  const outcome = (dapp: TestPage) => dapp.evaluate(() => (window as unknown as { outcome?: Outcome }).outcome ?? null);

  const atConsent = (dapp: TestPage): Promise<TestPage> => consentOpened(w.driver, () => ask(dapp));

  /** Reloads the extension as an update does; resolves when the reload was asked for (Date.now()). */
  async function reload(): Promise<number> {
    const at = Date.now();
    await w.driver.reloadExtension();
    // storage.session went with the old version: the key kept for the session must be entered again.
    await w.driver.setStorage('session', { apiKey: w.sandbox.apiKey });
    return at;
  }

  const proofTabOpen = (url: string) =>
    w.driver.inExtension(async (u) => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      return (await api.tabs.query({})).some((t) => t.url === u);
    }, url);

  describe('the extension is reloaded (as an update applies) under a pending request', () => {
    it('waiting at the consent window: the page gets 4900, and the window does not outlive its request', async () => {
      const dapp = await w.openDapp('reload-consent');
      const consent = await atConsent(dapp);
      const reloadedAt = await reload();
      await expect.poll(() => outcome(dapp), { timeout: GONE_CEILING_MS, interval: 100 }).toMatchObject({ code: 4900 });
      const { at } = (await outcome(dapp))!;
      console.log(`[lifecycle] consent: 4900 ${at - reloadedAt} ms after the reload was asked for`);
      expect(at - reloadedAt).toBeLessThanOrEqual(GONE_CEILING_MS);
      // The old version's window goes with it.
      await consent.waitForClose(5000);
      // The new version has nothing pending: the popup lists nothing.
      expect(((await w.driver.askWorker('proof.list')) as { value: { flows: unknown[] } }).value.flows).toEqual([]);
      if (w.driver.name === 'chromium') {
        // Chromium starts no new content script in an open page: the page still talks to the old version, which
        // answers a new request with 4900 at once (docs/page-api.md: reload the page).
        await ask(dapp);
        await expect.poll(() => outcome(dapp), { timeout: 5000, interval: 100 }).toMatchObject({ code: 4900 });
      } else {
        // Firefox starts the new version's relay in open pages: the page's next request reaches it.
        const next = await atConsent(dapp);
        await next.close();
        await expect.poll(() => outcome(dapp), { timeout: 5000, interval: 100 }).toMatchObject({ code: 4001 });
      }
      await dapp.close();
    });

    it('with the proof page open: the page gets 4900, and the new version closes the old one’s proof tab', async () => {
      const dapp = await w.openDapp('reload-proof', w.origin('other.example'));
      const consent = await atConsent(dapp);
      const proofOpened = w.driver.nextPage(w.proofPage);
      await clickWhenArmed(consent, '[data-testid="consent-approve"]');
      const proof = await proofOpened;
      const proofUrl = await proof.url();
      await proof.waitFor('button[data-demo-address]');
      const reloadedAt = await reload();
      await expect.poll(() => outcome(dapp), { timeout: GONE_CEILING_MS, interval: 100 }).toMatchObject({ code: 4900 });
      const { at } = (await outcome(dapp))!;
      console.log(`[lifecycle] proof page: 4900 ${at - reloadedAt} ms after the reload was asked for`);
      expect(at - reloadedAt).toBeLessThanOrEqual(GONE_CEILING_MS);
      await expect.poll(() => proofTabOpen(proofUrl), { timeout: STEP_CEILING_MS }).toBe(false);
      expect(((await w.driver.askWorker('proof.list')) as { value: { flows: unknown[] } }).value.flows).toEqual([]);
      await dapp.close();
    });
  });

  describe('a background that stops when idle is no update', () => {
    it('stopped while the request waits at the consent window: no 4900, and Approve → proof still reaches the page', async () => {
      const dapp = await w.openDapp('idle-stop', w.origin('walk.example'));
      const consent = await atConsent(dapp);
      const closeStopper = await w.driver.stopBackground();
      // The page keeps asking its relay whether the extension is there (every 500 ms): a stopped worker is.
      const proofOpened = w.driver.nextPage(w.proofPage);
      await clickWhenArmed(consent, '[data-testid="consent-approve"]');
      const proof = await proofOpened;
      expect(await outcome(dapp)).toBeNull();
      await w.prove(proof);
      await expect.poll(() => outcome(dapp), { timeout: STEP_CEILING_MS, interval: 250 }).toMatchObject({ ok: true });
      await closeStopper();
      await dapp.close();
    }, 120_000);
  });
}
