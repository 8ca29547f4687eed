import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromiumWithHarness } from './driver/chromium.ts';
import { axeViolations } from './axe.ts';
import { EXTENSION_DIR, openExtensionPage, screenshot, type ExtensionHarness } from './harness.ts';
import { useWorld } from './scenarios/scenario.ts';
import { FAILING, projectsScenarios, startProjectsWorld, UNKNOWN } from './scenarios/projects.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The popup's Projects tab in Chromium: the scenarios both browsers run,
 * then what needs Playwright: reordering by drag and drop (HTML5 drag events
 * from a real pointer), and the tab at 420 px in light and dark, in English
 * and Vietnamese, with axe finding nothing.
 */
describe('pinned projects in Chromium', () => {
  let harness: ExtensionHarness | undefined;
  const world = useWorld(async () =>
    startProjectsWorld(async (spec) => {
      const launched = await launchChromiumWithHarness(spec);
      harness = launched.harness;
      return launched.driver;
    }, EXTENSION_DIR));
  for (const s of projectsScenarios) it(s.name, () => s.run(world()));

  const NARROW = { width: 420, height: 600 };
  const order = (page: Page) => page.locator('li.pin-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.project));
  const pinned = async () => (await world().driver.getStorage('local')).pinnedProjects;

  it('reorders by drag and drop, and says the move', async () => {
    await world().driver.setStorage('local', { pinnedProjects: ['nebula', 'tidal', 'quartz', 'orbit'] });
    const page = await openExtensionPage(harness!, '/popup.html', NARROW);
    await page.locator('#tab-projects').click();
    const row = (p: string) => page.locator(`li.pin-row[data-project="${p}"]`);
    await row('orbit').waitFor();

    // Dropped on the lower half of tidal's row: right after it.
    const box = (await row('tidal').boundingBox())!;
    await row('nebula').dragTo(row('tidal'), { targetPosition: { x: box.width / 2, y: box.height * 0.75 } });
    await expect.poll(() => order(page)).toEqual(['tidal', 'nebula', 'quartz', 'orbit']);
    await expect.poll(pinned).toEqual(['tidal', 'nebula', 'quartz', 'orbit']);
    expect(await page.locator('.projects [role="status"]').textContent()).toBe('nebula moved to position 2 of 4.');

    // Dropped on the upper half of the first row: first.
    await row('orbit').dragTo(row('tidal'), { targetPosition: { x: box.width / 2, y: 4 } });
    await expect.poll(pinned).toEqual(['orbit', 'tidal', 'nebula', 'quartz']);
    expect(await page.locator('.pin-drop-before, .pin-drop-after, .pin-dragging').count()).toBe(0);
    await page.close();
  });

  it('fits 420 px and passes axe with 0 violations, light and dark, loaded and failing rows alike', async () => {
    await world().driver.setStorage('local', { pinnedProjects: ['nebula', 'tidal', 'quartz', UNKNOWN, ...Object.keys(FAILING)] });
    const problems: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openExtensionPage(harness!, '/popup.html', NARROW, scheme);
      await page.locator('#tab-projects').click();
      await page.waitForFunction(() => document.documentElement.dataset.projectsPainted !== undefined, undefined, { timeout: STEP_CEILING_MS });
      await page.waitForFunction(() => [...document.querySelectorAll('li.pin-row[data-state="ready"]')].every((r) => r.querySelector('.watch-spark canvas')));
      await page.waitForFunction(() => !document.querySelector('.pin-row .change[data-change="loading"]'));
      await screenshot(page, `projects-420-${scheme}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), scheme).toBeLessThanOrEqual(NARROW.width);
      problems.push(...(await axeViolations(page, `projects (${scheme})`)));
      await page.close();
    }
    // The empty tab, and the pin button's limit message in Stats.
    await world().driver.setStorage('local', { pinnedProjects: [] });
    const empty = await openExtensionPage(harness!, '/popup.html', NARROW, 'dark');
    await empty.locator('#tab-projects').click();
    await empty.locator('.projects .empty').waitFor();
    await screenshot(empty, 'projects-420-empty-dark');
    problems.push(...(await axeViolations(empty, 'projects (empty)')));
    await empty.close();
    expect(problems).toEqual([]);
  });
});

