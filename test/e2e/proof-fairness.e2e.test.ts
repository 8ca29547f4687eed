import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { printExtensionErrorsOnFailure } from './driver/report.ts';
import type { TestPage } from './driver/types.ts';
import { EXTENSION_DIR } from './harness.ts';
import { startProofWorld, type ProofWorld } from './proof-world.ts';
import { CONSENT, clickAndClose } from './consent-window.ts';

/**
 * Fair to every site (#26): a tab that floods Vantage with requests cannot
 * delay another site's. Both are https dApps on hosts the extension holds no
 * permission for. Chromium, where the flood was measured at 7–20 s of delay.
 */

const FLOOD = 10_000;
/** docs/page-api.md: another site's request is answered within this long while one tab floods. */
const ANSWERED_WITHIN_MS = 200;

let w: ProofWorld;
beforeAll(async () => {
  w = await startProofWorld(launchChromium, { extensionDir: EXTENSION_DIR });
});
afterAll(async () => {
  await w?.close();
});
printExtensionErrorsOnFailure(() => w?.driver);

/** Asks once and resolves how long the page waited for its first answer (ms), and the code. */
const timedAsk = (page: TestPage) =>
  page.evaluate(async () => {
    const t0 = performance.now();
    const code = await window.vantage!.requestScoreProof({ scoreId: 'credit-v1', condition: 600, web2Id: 'other' }).then(() => 0, (e: { code: number }) => e.code);
    return { code, ms: performance.now() - t0 };
  });

describe('one tab floods Vantage with requests', () => {
  it(`another site's request is answered within ${ANSWERED_WITHIN_MS} ms while a tab fires ${FLOOD.toLocaleString('en')} requests; the excess is refused 4290 at the relay`, async () => {
    // The other site: the user blocked it, so the worker answers its every request at once (4001).
    const other = await w.openDapp('fair-other', w.origin('block.example'));
    const opened = w.driver.nextPage(CONSENT);
    void other.evaluate(() => {
      (window as unknown as { first: Promise<unknown> }).first = window.vantage!.requestScoreProof({ scoreId: 'credit-v1', condition: 600, web2Id: 'other' }).catch(() => undefined);
    });
    const consent = await opened;
    await clickAndClose(consent, '[data-testid="consent-block"]');
    // Its first request is settled (4001, blocked) before it asks again: one pending request per tab.
    await other.evaluate(() => (window as unknown as { first: Promise<unknown> }).first);
    const quiet = await timedAsk(other);
    expect(quiet.code).toBe(4001);

    const flooder = await w.openDapp('fair-flood', w.origin('flood.example'));
    const floodConsent = w.driver.nextPage(CONSENT);
    await flooder.evaluate((n) => {
      const codes: Record<string, number> = {};
      (window as unknown as { codes: Record<string, number> }).codes = codes;
      for (let i = 0; i < n; i++) {
        window.vantage!.requestScoreProof({ scoreId: 'credit-v1', condition: 600, web2Id: `flood-${i}` })
          .then(() => 'resolved', (e: { code: number }) => String(e.code))
          .then((c) => void (codes[c] = (codes[c] ?? 0) + 1));
      }
    }, FLOOD);
    // While the flood's messages are still being answered, the other site asks.
    const during = await timedAsk(other);
    console.log(`[fairness] another site's request answered in ${quiet.ms.toFixed(1)} ms alone, ${during.ms.toFixed(1)} ms during a flood of ${FLOOD} requests from one tab`);
    expect(during.code).toBe(4001);
    expect(during.ms).toBeLessThan(ANSWERED_WITHIN_MS);

    // The flood: its first request waits at the consent window, every other one was refused by the relay.
    const codes = () => flooder.evaluate(() => (window as unknown as { codes: Record<string, number> }).codes);
    await expect.poll(codes, { timeout: 30_000 }).toEqual({ 4290: FLOOD - 1 });
    const flows = Object.values((await w.driver.getStorage('session')).proofFlows ?? {}) as { origin: string }[];
    expect(flows.map((f) => f.origin)).toEqual([w.origin('flood.example')]);
    (await floodConsent).close();
    await flooder.close();
    await other.close();
  });
});
