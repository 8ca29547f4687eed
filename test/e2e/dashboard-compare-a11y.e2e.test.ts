import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { axeViolations } from './axe.ts';
import { launchExtension, screenshot, type ExtensionHarness } from './harness.ts';
import { pointExtensionAt } from './service-setup.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The dashboard's comparison as people meet it, in Chromium: axe-core (every
 * rule) finds nothing in light or dark, with every chart table open, the
 * "Compare with…" form with its error, and the other project failing; at
 * 420 px nothing is cut or wider than the window; the keyboard reaches
 * "Compare with…", the field and "Remove comparison", focus following; and
 * in a Vietnamese browser it speaks Vietnamese (the legend and the text
 * alternative too). Screenshots of each.
 */

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 420, height: 800 };

async function launched(language?: string): Promise<{ h: ExtensionHarness; sb: Sandbox }> {
  const [sb, h] = await Promise.all([startSandbox({ port: 0, scale: 0.1 }), launchExtension(language ? { language } : {})]);
  await pointExtensionAt(h, { origin: sb.origin, apiKey: sb.apiKey }, { defaultProject: 'nebula' });
  return { h, sb };
}

/** Mounts every section (they mount as they near the viewport) and waits for every block and chart. */
async function settle(page: Page) {
  await page.locator('[data-block="holders"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
  for (const section of ['dapp-users', 'audience']) await page.locator(`#h-${section}`).scrollIntoViewIfNeeded();
  await page.locator('[data-block="traffic"]').waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], [data-compared="loading"]') &&
      [...document.querySelectorAll('[data-block]')].every((b) => b.getAttribute('data-state') !== 'loading'),
    undefined,
    { timeout: STEP_CEILING_MS },
  );
  await page.waitForFunction(() => [...document.querySelectorAll('.chart-box')].every((b) => b.querySelector('canvas')));
}

/** axe in light and dark (charts redraw on the flip), with a screenshot of each; returns the findings. */
async function audit(page: Page, state: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    found.push(...(await axeViolations(page, `${state} [${scheme}]`)));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `compare-${state}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

describe('the dashboard comparison: accessibility, narrow widths, keyboard', () => {
  let h: ExtensionHarness;
  let sb: Sandbox;
  beforeAll(async () => {
    ({ h, sb } = await launched());
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  it('axe finds nothing, light and dark: compared, every chart table open; the form with its error; the other project failing', { timeout: 240_000 }, async () => {
    const page = await h.context.newPage();
    await page.setViewportSize(WIDE);
    await page.goto(`${h.origin}/dashboard.html#project=nebula&compare=tidal`);
    await page.locator('[data-comparing="tidal"]').waitFor();
    await settle(page);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const closed = page.locator('button[data-chart-table][aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    const found = await audit(page, 'dashboard');

    // The form, with an error said for the field.
    await page.getByRole('button', { name: 'Remove comparison' }).click();
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByLabel('Compare with project').fill('a\u202eb');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.locator('#compare-problem').waitFor();
    expect(await page.getByLabel('Compare with project').getAttribute('aria-invalid')).toBe('true');
    found.push(...(await audit(page, 'form-error')));

    // The other project failing (an unknown id): said once, under "Compare with".
    await page.getByLabel('Compare with project').fill('nosuchproject');
    await page.getByLabel('Compare with project').press('Enter');
    await page.locator('[data-compare-failure]').waitFor({ timeout: STEP_CEILING_MS });
    found.push(...(await audit(page, 'failing')));
    await page.close();
    expect(found.join('\n')).toBe('');
  });

  it('at 420 px, cuts nothing and is no wider than the window, in light and dark', { timeout: 180_000 }, async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await h.context.newPage();
      await page.setViewportSize(NARROW);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${h.origin}/dashboard.html#project=nebula&compare=tidal`);
      await page.locator('[data-comparing="tidal"]').waitFor();
      await settle(page);
      const { cut, pageWidth } = await page.evaluate(() => {
        const out: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('.stats *')) {
          if (el.closest('.u-wrap, .sr-only') || el.scrollWidth <= el.clientWidth + 1) continue;
          const css = getComputedStyle(el);
          // A table wider than its box scrolls in a region the keyboard reaches (ScrollBox).
          if ((css.overflowX === 'auto' || css.overflowX === 'scroll') && el.tabIndex >= 0) continue;
          const full = (el.closest('[title]') ?? el.querySelector('[title]'))?.getAttribute('title') ?? el.getAttribute('aria-label');
          if (css.textOverflow === 'ellipsis' && full?.includes(el.textContent?.trim() ?? '\0')) continue;
          out.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent?.slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
        }
        return { cut: out, pageWidth: document.documentElement.scrollWidth };
      });
      expect(cut, scheme).toEqual([]);
      expect(pageWidth, scheme).toBeLessThanOrEqual(NARROW.width);
      expect((await axeViolations(page, `narrow [${scheme}]`)).join('\n')).toBe('');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `compare-narrow-${scheme}`);
      await page.close();
    }
  });

  it('works from the keyboard: "Compare with…", the field, Enter, then "Remove comparison", focus following', async () => {
    const page = await h.context.newPage();
    await page.setViewportSize(WIDE);
    await page.goto(`${h.origin}/dashboard.html#project=nebula`);
    await page.locator('[data-block="holders"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
    await page.getByRole('button', { name: 'Compare with…' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('compare-project');
    await page.keyboard.type('tidal');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-compare-remove'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-compare-open'))).toBe(true);
    expect(new URL(page.url()).hash).toBe('#project=nebula');
    await page.close();
  });
});

describe('the dashboard comparison in a Vietnamese browser', () => {
  let h: ExtensionHarness;
  let sb: Sandbox;
  beforeAll(async () => {
    ({ h, sb } = await launched('vi'));
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  it('says the comparison, the legend and the text alternative in Vietnamese, and axe finds nothing', { timeout: 180_000 }, async () => {
    const page = await h.context.newPage();
    await page.setViewportSize(WIDE);
    await page.goto(`${h.origin}/dashboard.html#project=nebula&compare=tidal`);
    await page.locator('[data-comparing="tidal"]').waitFor();
    expect(await page.locator('.compare-what').innerText()).toMatch(/Đang so sánh nebula với tidal/);
    expect(await page.locator('[data-compare-remove]').innerText()).toBe('Bỏ so sánh');
    await page.locator('[data-block="holders"] .chart[data-compared] .uplot').waitFor({ timeout: STEP_CEILING_MS });
    const alt = (await page.locator('[data-block="holders"] .chart-box').getAttribute('aria-label'))!;
    expect(alt).toMatch(/nebula so với tidal/);
    const legend = await page.locator('[data-block="holders"] .u-legend').innerText();
    expect(legend).toMatch(/\(nebula\)/);
    expect(legend).toMatch(/\(tidal\)/);
    await settle(page);
    const found = await audit(page, 'vietnamese');
    await page.close();
    expect(found.join('\n')).toBe('');
  });
});
