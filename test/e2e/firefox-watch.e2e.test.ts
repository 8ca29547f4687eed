import { describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { chooseOnExplorer, EXPLORER_HOST, useExplorerPage } from './scenarios/explorer-page.ts';
import { useWorld } from './scenarios/scenario.ts';
import { startWatchWorld, watchScenarios } from './scenarios/watch.ts';

/** The watchlist in Firefox, the build as shipped: "Watch" asks for `notifications` for real (granted without a prompt by the driver's prefs). */
describe('address watchlist in Firefox', () => {
  const world = useWorld(() => startWatchWorld(launchFirefox, FIREFOX_EXTENSION_DIR, [EXPLORER_HOST]));
  for (const s of watchScenarios) it(s.name, () => s.run(world()));

  // Firefox lets a test open its real page menu and choose an item; Playwright cannot open Chromium's native menu.
  describe('the context menu, used as a person does', () => {
    const explorer = useExplorerPage(world);

    it('right-click on a selected address → "Watch score of …" watches it and opens its score, shown as watched', async () => {
      const { wallet } = explorer();
      const { label, page, score, expected } = await chooseOnExplorer(world(), explorer(), 'Watch score of');
      expect(label).toMatch(new RegExp(`^Watch score of ${wallet.slice(0, 20)}`));
      expect(await score.url()).toMatch(new RegExp(`/score\\.html\\?address=${wallet}&model=credit-v1$`));
      await expect.poll(() => score.text('[data-testid="score-value"]')).toBe(String(expected.score));
      await expect.poll(() => score.text('.watch-toggle button')).toBe('Watching ✓');
      expect(await world().driver.askWorker('watch.list')).toMatchObject({
        ok: true, value: [{ address: wallet.toLowerCase(), model: 'credit-v1', score: expected.score, band: expected.band }],
      });
      await score.close();
      await page.close();
    });
  });
});
