import { describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { chooseOnExplorer, EXPLORER_HOST, useExplorerPage } from './scenarios/explorer-page.ts';
import { useWorld } from './scenarios/scenario.ts';
import { expectScoreShown, SCORE_MENU_LABEL, scoreScenarios, startScoreWorld } from './scenarios/score.ts';

describe('score lookup in Firefox', () => {
  const world = useWorld(() => startScoreWorld(launchFirefox, FIREFOX_EXTENSION_DIR, [EXPLORER_HOST]));
  for (const s of scoreScenarios) it(s.name, () => s.run(world()));

  // Firefox lets a test open its real page menu and choose an item from the parent process; Playwright cannot open Chromium's native menu.
  describe('the context menu, used as a person does', () => {
    const explorer = useExplorerPage(world);

    it('right-click on a selected address → "Check score of …" opens the score window with its score', async () => {
      const { wallet } = explorer();
      const { label, page, score, expected } = await chooseOnExplorer(world(), explorer(), SCORE_MENU_LABEL);
      expect(label).toMatch(new RegExp(`^Check score of ${wallet.slice(0, 20)}`));
      expect(await score.url()).toMatch(new RegExp(`/score\\.html\\?address=${wallet}$`));
      await expectScoreShown(score, expected);
      await score.screenshot('score-window');
      await score.close();
      await page.close();
    });
  });
});
