import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { selfSignedCert, servePage, type HttpsSite } from './https-site.ts';
import { sandboxScore } from './sandbox-answers.ts';
import { useWorld } from './scenarios/scenario.ts';
import { expectScoreShown, SCORE_MENU_LABEL, scoreScenarios, startScoreWorld } from './scenarios/score.ts';

const SITE_HOST = 'explorer.vantage.test';

describe('score lookup in Firefox', () => {
  const world = useWorld(() => startScoreWorld(launchFirefox, FIREFOX_EXTENSION_DIR, [SITE_HOST]));
  for (const s of scoreScenarios) it(s.name, () => s.run(world()));

  // Firefox lets a test open its real page menu and choose an item from the parent process; Playwright cannot open Chromium's native menu.
  describe('the context menu, used as a person does', () => {
    let site: HttpsSite;
    let wallet: string;
    beforeAll(async () => {
      wallet = getAddress(world().sandbox.dataset.walletAddresses()[11]!);
      site = await servePage(SITE_HOST, await selfSignedCert([SITE_HOST]), `<!doctype html><title>An explorer</title>
        <p>Top holder: <span id="holder">${wallet}</span> (see its history)</p>`);
    });
    afterAll(async () => {
      await site?.close();
    });

    it('right-click on a selected address → "Check score of …" opens the score window with its score', async () => {
      const { driver, sandbox } = world();
      const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
      const page = await driver.open(`${site.origin}/`);
      const scoreWindow = driver.nextPage(/\/score\.html\?address=/);
      const label = await driver.chooseFromSelectionMenu(page, '#holder', SCORE_MENU_LABEL);
      expect(label).toMatch(new RegExp(`^Check score of ${wallet.slice(0, 20)}`));
      const score = await scoreWindow;
      expect(await score.url()).toMatch(new RegExp(`/score\\.html\\?address=${wallet}$`));
      await expectScoreShown(score, expected);
      await score.screenshot('score-window');
      await score.close();
      await page.close();
    });
  });
});
