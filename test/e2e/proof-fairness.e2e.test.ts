import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { printExtensionErrorsOnFailure } from './driver/report.ts';
import type { TestPage } from './driver/types.ts';
import { EXTENSION_DIR } from './harness.ts';
import { startProofWorld, type ProofWorld } from './proof-world.ts';
import { CONSENT, clickAndClose } from './consent-window.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * Fair to every site (#26): a tab that floods Vantage with requests cannot
 * delay another site's. Both are https dApps on hosts the extension holds no
 * permission for. Chromium, where the flood was measured at 7–20 s of delay.
 */

const FLOOD = 10_000;
/** docs/security.md (4d): another site's request is answered within this long (median of SAMPLES) while one tab floods. */
const ANSWERED_WITHIN_MS = 200;
/**
 * Asks measured in each phase. One ask is one round trip through two renderers and the worker, which a
 * busy 2-core machine (the rest of the suite beside it) can hold up now and then for a few hundred ms
 * (CI: 268 ms once); the median of five says what the flood costs, not what the scheduler did once.
 */
const SAMPLES = 5;
/** Requests the flooding page fires per task: a sustained flood, still firing while the other site asks. */
const BATCH = 100;

let w: ProofWorld;
beforeAll(async () => {
  w = await startProofWorld(launchChromium, { extensionDir: EXTENSION_DIR });
});
afterAll(async () => {
  await w?.close();
});
printExtensionErrorsOnFailure(() => w?.driver);

/** Asks SAMPLES times in a row; resolves each ask's wait for its first answer (ms) and its code. */
const timedAsks = (page: TestPage) =>
  page.evaluate(async (n) => {
    const asks: { code: number; ms: number }[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const code = await window.vantage!.requestScoreProof({ scoreId: 'credit-v1', condition: 600, web2Id: 'other' }).then(() => 0, (e: { code: number }) => e.code);
      asks.push({ code, ms: performance.now() - t0 });
    }
    return asks;
  }, SAMPLES);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const msList = (asks: { ms: number }[]) => asks.map((a) => a.ms.toFixed(1)).join(', ');

interface Flood {
  codes: Record<string, number>;
  fired: number;
  stop: boolean;
  done: Promise<void>;
}

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
    const quiet = await timedAsks(other);
    expect(quiet.map((a) => a.code)).toEqual(Array(SAMPLES).fill(4001));

    const flooder = await w.openDapp('fair-flood', w.origin('flood.example'));
    const floodConsent = w.driver.nextPage(CONSENT);
    // A batch per task, until told to stop and at least FLOOD are fired: the flood is still firing while the other site asks.
    await flooder.evaluate(([total, batch]) => {
      const flood: Flood = { codes: {}, fired: 0, stop: false, done: Promise.resolve() };
      (window as unknown as { flood: Flood }).flood = flood;
      flood.done = new Promise<void>((finished) => {
        const fire = () => {
          for (let i = 0; i < batch; i++, flood.fired++) {
            window.vantage!.requestScoreProof({ scoreId: 'credit-v1', condition: 600, web2Id: `flood-${flood.fired}` })
              .then(() => 'resolved', (e: { code: number }) => String(e.code))
              .then((c) => void (flood.codes[c] = (flood.codes[c] ?? 0) + 1));
          }
          if (flood.stop && flood.fired >= total) finished();
          else setTimeout(fire, 0);
        };
        fire();
      });
    }, [FLOOD, BATCH] as const);
    // The flood's first request is the one that waits: its consent window is on screen before the other site asks.
    const floodWindow = await floodConsent;
    await floodWindow.waitFor('[data-testid="consent-origin"]');
    const firedBefore = await flooder.evaluate(() => (window as unknown as { flood: Flood }).flood.fired);
    const during = await timedAsks(other);
    const firedAfter = await flooder.evaluate(() => (window as unknown as { flood: Flood }).flood.fired);
    console.log(
      `[fairness] another site's request answered in ${median(quiet.map((a) => a.ms)).toFixed(1)} ms alone (median of ${msList(quiet)}), ` +
        `${median(during.map((a) => a.ms)).toFixed(1)} ms during a flood from one tab (median of ${msList(during)}; the flood fired ${firedAfter - firedBefore} requests meanwhile)`,
    );
    expect(during.map((a) => a.code)).toEqual(Array(SAMPLES).fill(4001));
    expect(firedAfter, 'the flood was firing all the while the other site asked').toBeGreaterThan(firedBefore);
    expect(median(during.map((a) => a.ms))).toBeLessThan(ANSWERED_WITHIN_MS);

    // The flood: its first request waits at the consent window, every other one was refused at the page.
    const fired = await flooder.evaluate(async () => {
      const flood = (window as unknown as { flood: Flood }).flood;
      flood.stop = true;
      await flood.done;
      return flood.fired;
    });
    expect(fired).toBeGreaterThanOrEqual(FLOOD);
    const codes = () => flooder.evaluate(() => (window as unknown as { flood: Flood }).flood.codes);
    await expect.poll(codes, { timeout: STEP_CEILING_MS }).toEqual({ 4290: fired - 1 });
    const flows = Object.values((await w.driver.getStorage('session')).proofFlows ?? {}) as { origin: string }[];
    expect(flows.map((f) => f.origin)).toEqual([w.origin('flood.example')]);
    await floodWindow.close();
    await flooder.close();
    await other.close();
  });
});
