import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { axeViolations } from './axe.ts';
import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR, launchExtension, openExtensionPage, screenshot, type ExtensionHarness } from './harness.ts';
import { changeSelector, expectedChanges, headlineChangeScenarios, startChangesWorld } from './scenarios/headline-changes.ts';
import { useWorld } from './scenarios/scenario.ts';
import { pointExtensionAt } from './service-setup.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

describe('headline changes in Chromium', () => {
  const world = useWorld(() => startChangesWorld(launchChromium, EXTENSION_DIR));
  for (const s of headlineChangeScenarios) it(s.name, () => s.run(world()));
});

const POPUP = { width: 420, height: 600 };

/** Each section of the popup, every change arrived, then axe and a screenshot. */
async function eachSection(page: Page, name: string, count: number): Promise<void> {
  for (const section of ['holders', 'dapp-users', 'audience']) {
    await page.locator(`#section-${section}`).click();
    // Every change of the section has arrived (none still loading).
    await expect.poll(() => page.locator('.change:not([data-change="loading"])').count(), { timeout: STEP_CEILING_MS }).toBeGreaterThanOrEqual(count);
    await expect.poll(() => page.locator('.change[data-change="loading"]').count(), { timeout: STEP_CEILING_MS }).toBe(0);
    await screenshot(page, `changes-${name}-${section}`);
    // Every change, and the figures and splits that hold them, within the popup's width (the page as a
    // whole is popup-narrow.e2e.test.ts's; a wide table scrolls in its own box).
    const outside = await page.evaluate((width) => [...document.querySelectorAll('.change, .figures, .split, .change-basis')]
      .filter((e) => e.getBoundingClientRect().right > width).map((e) => e.className), POPUP.width);
    expect(outside).toEqual([]);
    expect(await axeViolations(page, `changes-${name}-${section}`)).toEqual([]);
  }
}

describe('headline changes at 420 px (light, dark, Vietnamese) and in the dashboard; axe finds nothing', () => {
  let sb: Sandbox;
  let en: ExtensionHarness;
  let vi: ExtensionHarness;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, scale: 0.1 });
    [en, vi] = await Promise.all([launchExtension(), launchExtension({ language: 'vi' })]);
    for (const h of [en, vi]) await pointExtensionAt(h, { origin: sb.origin, apiKey: sb.apiKey }, { defaultProject: 'nebula' });
  });
  afterAll(async () => {
    await en?.close();
    await vi?.close();
    await sb?.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}`, async () => {
      const page = await openExtensionPage(en, '/popup.html', POPUP, scheme);
      await eachSection(page, scheme, 1);
      await page.close();
    });
  }

  it('the dashboard: the same changes on every section, axe finds nothing in light and dark', async () => {
    const expected = await expectedChanges(sb, 'nebula');
    const page = await openExtensionPage(en, '/dashboard.html', { width: 1280, height: 900 });
    await page.locator('[data-block="holders"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
    // Lower sections mount as they scroll into view.
    for (const section of ['dapp-users', 'audience']) await page.locator(`#h-${section}`).scrollIntoViewIfNeeded();
    for (const e of expected) {
      const sel = changeSelector(e);
      await page.locator(sel).scrollIntoViewIfNeeded({ timeout: STEP_CEILING_MS });
      await expect.poll(() => page.locator(sel).getAttribute('data-delta'), { timeout: STEP_CEILING_MS }).not.toBeNull();
      expect(Number(await page.locator(sel).getAttribute('data-delta')), sel).toBeCloseTo(e.delta, 9);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshot(page, `changes-dashboard-${scheme}`);
      expect(await axeViolations(page, `changes-dashboard-${scheme}`)).toEqual([]);
    }
    await page.close();
  });

  it('Vietnamese: the words and the numbers', async () => {
    const daily = (await expectedChanges(sb, 'nebula')).find((e) => e.where === 'users')!;
    const page = await openExtensionPage(vi, '/popup.html', POPUP);
    await expect.poll(() => page.locator('.change-basis').innerText()).toBe('Thay đổi: 30 ngày trọn vẹn gần nhất so với 30 ngày trước đó.');
    await page.locator('#section-dapp-users').click();
    const sel = changeSelector(daily);
    await expect.poll(() => page.locator(`${sel}:not([data-change="loading"])`).count(), { timeout: STEP_CEILING_MS }).toBe(1);
    const percent = new Intl.NumberFormat('vi', { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs(daily.delta));
    expect(await page.locator(`${sel} .sr-only`).innerText()).toBe(`${daily.delta > 0 ? 'tăng' : 'giảm'} ${percent} so với 30 ngày trước đó`);
    await eachSection(page, 'vi', 1);
    await page.close();
  });
});
