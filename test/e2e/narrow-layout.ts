import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openExtensionPage, screenshot, type ExtensionHarness } from './harness.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The popup at its narrowest (420 px, where a browser's overflow menu puts it): what is cut, in any
 * language (popup-narrow.e2e.test.ts in English, popup-vietnamese.e2e.test.ts in Vietnamese).
 */

export const NARROW = { width: 420, height: 600 };

/** Opens a stats section by its id (holders, dapp-users, audience), whatever the language, and waits for its blocks and charts. */
export async function showSection(page: Page, id: string, blocks: readonly string[]) {
  await page.click(`#section-${id}`);
  for (const b of blocks) {
    await expect.poll(() => page.locator(`[data-block="${b}"]`).getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toBe('ready');
  }
  // Charts load their code on first use: wait for every one of them.
  await page.waitForFunction(() => [...document.querySelectorAll('.chart-box')].every((b) => b.querySelector('.uplot')));
}

/**
 * What is cut in the stats: elements whose content is wider than their box, but for scroll regions
 * one can reach by keyboard, and ellipsized names that carry the full name where hover and focus find it.
 */
const cutElements = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.stats *')) {
      // Visually hidden text (captions for screen readers) is one pixel wide by design.
      if (el.closest('.u-wrap, .sr-only') || el.scrollWidth <= el.clientWidth + 1) continue;
      const css = getComputedStyle(el);
      const scrolls = css.overflowX === 'auto' || css.overflowX === 'scroll';
      if (scrolls && el.tabIndex >= 0) continue;
      const full = (el.closest('[title]') ?? el.querySelector('[title]'))?.getAttribute('title') ?? el.getAttribute('aria-label');
      if (css.textOverflow === 'ellipsis' && full?.includes(el.textContent?.trim() ?? '\0')) continue;
      cut.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent?.slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
    }
    return { cut, pageWidth: document.documentElement.scrollWidth };
  });

/** Each retention table's width against its scroll box's: the compact table fits every period in the popup's width. */
const cohortFit = (page: Page) =>
  page.locator('[data-block="retention"] table.cohort').evaluate((table) => ({ table: table.scrollWidth, box: table.parentElement!.clientWidth }));

const SECTIONS = [
  ['holders', ['holders', 'balance', 'prominent', 'rewards', 'transfers']],
  ['dapp-users', ['daily-users', 'actions', 'distribution', 'overlap']],
  ['audience', ['retention', 'inbounce', 'countries', 'traffic']],
] as const;

/** In each section, light and dark: nothing cut, the page no wider than the popup, the retention table whole. */
export async function expectNothingCut(h: ExtensionHarness, language: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await openExtensionPage(h, '/popup.html', NARROW, scheme);
    for (const [id, blocks] of SECTIONS) {
      await showSection(page, id, blocks);
      await screenshot(page, `popup-420-${language}-${id}-${scheme}`);
      const { cut, pageWidth } = await cutElements(page);
      expect(cut, `${id} (${language}, ${scheme})`).toEqual([]);
      expect(pageWidth, `${id} (${language}, ${scheme})`).toBeLessThanOrEqual(NARROW.width);
      if (id === 'audience') {
        const fit = await cohortFit(page);
        expect(fit.table, `every retention period in view (${language}, ${scheme})`).toBeLessThanOrEqual(fit.box);
      }
    }
    await page.close();
  }
}
