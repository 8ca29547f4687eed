import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { selfSignedCert, servePage, type HttpsSite } from './https-site.ts';
import { sandboxScore } from './sandbox-answers.ts';
import { useWorld } from './scenarios/scenario.ts';
import { startWatchWorld, watchScenarios } from './scenarios/watch.ts';

const SITE_HOST = 'explorer.vantage.test';

/** The watchlist in Firefox, the build as shipped: "Watch" asks for `notifications` for real (granted without a prompt by the driver's prefs). */
describe('address watchlist in Firefox', () => {
  const world = useWorld(() => startWatchWorld(launchFirefox, FIREFOX_EXTENSION_DIR, [SITE_HOST]));
  for (const s of watchScenarios) it(s.name, () => s.run(world()));

  // Firefox lets a test open its real page menu and choose an item; Playwright cannot open Chromium's native menu.
  describe('the context menu, used as a person does', () => {
    let site: HttpsSite;
    let wallet: `0x${string}`;
    beforeAll(async () => {
      wallet = getAddress(world().sandbox.dataset.walletAddresses()[11]!);
      site = await servePage(SITE_HOST, await selfSignedCert([SITE_HOST]), `<!doctype html><title>An explorer</title>
        <p>Top holder: <span id="holder">${wallet}</span></p>`);
    });
    afterAll(async () => {
      await site?.close();
    });

    it('right-click on a selected address → "Watch score of …" watches it and opens its score, shown as watched', async () => {
      const { driver, sandbox } = world();
      const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
      const page = await driver.open(`${site.origin}/`);
      const scoreWindow = driver.nextPage(/\/score\.html\?address=/);
      const label = await driver.chooseFromSelectionMenu(page, '#holder', 'Watch score of');
      expect(label).toMatch(new RegExp(`^Watch score of ${wallet.slice(0, 20)}`));
      const score = await scoreWindow;
      expect(await score.url()).toMatch(new RegExp(`/score\\.html\\?address=${wallet}&model=credit-v1$`));
      await expect.poll(() => score.text('[data-testid="score-value"]')).toBe(String(expected.score));
      await expect.poll(() => score.text('.watch-toggle button')).toBe('Watching ✓');
      expect(await driver.askWorker('watch.list')).toMatchObject({
        ok: true, value: [{ address: wallet.toLowerCase(), model: 'credit-v1', score: expected.score, band: expected.band }],
      });
      await score.close();
      await page.close();
    });
  });
});
