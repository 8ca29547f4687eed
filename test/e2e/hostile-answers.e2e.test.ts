import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { launchExtension, openExtensionPage, screenshot, type ExtensionHarness } from './harness.ts';
import { startRequestLog, type CannedAnswer, type RequestLog } from './request-log.ts';
import { pointExtensionAt } from './service-setup.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The popup at 420 px against a service that answers like sloppy deployments
 * do, one block at a time: cut-off JSON, a `NaN` literal, JSON inside a
 * string, 204, `[]`, `{}`, a 403 about the project, a 401 on one endpoint
 * while the others answer, totals without their list, amounts beyond 2^53.
 * Each block says what happened in its own words (never the service's raw
 * text), for itself only, and nothing is wider than the popup; the key
 * banner appears only when every request is refused. Screenshots in light
 * and dark.
 */

const NARROW = { width: 420, height: 600 };
const BIG = '123456789012345678901234';
const DAY = 86_400;
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
const json = (body: unknown, status = 200): CannedAnswer => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** By the path of the operation (after the project): what the service answers instead of the sandbox. */
const HOSTILE: Record<string, CannedAnswer> = {
  'holders/holder-change': json('{"now":{"active":1830,"new":214,"total":'),
  'holders/token-balance-distribution': json('{"whales": NaN, "normalWallets": 40110, "forgottenWallets": 8091}'),
  'holders/prominent-balance': json(JSON.stringify(JSON.stringify({ '0xabc': { name: 'Whale', value: 1 } }))),
  // One amount as a JSON number, one as a string: both beyond 2^53.
  'holders/daily-claimed-rewards': json(`{"claimed_rewards":{"${today - 3 * DAY}":"987654321098765432109876","${today - 2 * DAY}":${BIG}}}`),
  'holders/event-transfer-distribution': { status: 204 },
  'cdp-users/retention': json({ message: 'Web analytics integration is not set up for this project' }, 403),
  'cdp-users/user-inbounce': json({ message: 'Unauthorized' }, 401),
  'cdp-users/distribution-by-countries': json({ visitors: 7331, wallets: 2113 }),
  'socials/traffic-share': json([]),
  'dapp-users/daily-users': json({}),
  // A reason of 300 characters without a space, and with a right-to-left override in it.
  'dapp-users/daily-actions': json({ message: `contract=${'0x1f98431c8ad98523631ae4a59f267346ea31f984'.repeat(7)}\u202e_is_not_in_this_project` }, 400),
};

const UNREADABLE = "The service's answer could not be read.";

describe('popup against a hostile service, at 420 px', () => {
  let sb: Sandbox;
  let log: RequestLog;
  let h: ExtensionHarness;
  /** Every data request refused with a bare 401 (the key itself refused). */
  let refuseAll = false;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, scale: 0.1 });
    log = await startRequestLog(sb.origin, {
      answer: (path) => {
        if (!path.includes('/v3/data/')) return undefined;
        if (refuseAll) return json({ message: 'Unauthorized' }, 401);
        return Object.entries(HOSTILE).find(([op]) => path.includes(`/${op}?`) || path.endsWith(`/${op}`))?.[1];
      },
    });
    h = await launchExtension();
    await pointExtensionAt(h, { origin: log.origin, apiKey: sb.apiKey }, { defaultProject: 'nebula' });
  });
  afterAll(async () => {
    await h?.close();
    await log?.close();
    await sb?.close();
  });

  const openPopup = (scheme: 'light' | 'dark' = 'light') => openExtensionPage(h, '/popup.html', NARROW, scheme);

  const block = (page: Page, id: string) => page.locator(`[data-block="${id}"]`);
  const settled = (page: Page, id: string) =>
    expect.poll(() => block(page, id).getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toMatch(/^(ready|error|no-analytics)$/);

  async function showSection(page: Page, name: string, blocks: readonly string[]) {
    await page.getByRole('tab', { name }).click();
    for (const b of blocks) await settled(page, b);
  }

  /** Elements of the stats wider than their box, and the page's width: nothing may run out of the popup. */
  const overflow = (page: Page) =>
    page.evaluate(() => ({
      // Text hidden for screen readers (.sr-only) is clipped to 1 px by design: it is never seen, so never cut.
      wide: [...document.querySelectorAll<HTMLElement>('.notice, .notice *, .figures, .figures *, .empty')]
        .filter((el) => !el.closest('.sr-only'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((el) => `${el.className}: ${el.textContent?.slice(0, 40)}`),
      pageWidth: document.documentElement.scrollWidth,
    }));

  const banner = (page: Page) => page.locator('.stats > .notice');

  it('says each unreadable answer could not be read, with Retry, in its own block, never the raw text; 204 is no data; amounts keep every digit', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopup(scheme);
      await showSection(page, 'Holders', ['holders', 'balance', 'prominent', 'rewards', 'transfers']);
      for (const id of ['holders', 'balance', 'prominent']) {
        const notice = block(page, id).locator('.notice[role="alert"]');
        expect(await notice.locator('.notice-text').innerText(), id).toBe(UNREADABLE);
        expect(await notice.getByRole('button').allInnerTexts(), id).toEqual(['Retry']);
      }
      const text = await page.locator('.stats').innerText();
      for (const raw of ['{"now"', 'NaN', '0xabc', '\\"']) expect(text).not.toContain(raw);
      expect(await block(page, 'transfers').locator('.empty').innerText()).toBe('No data for this project and time range.');
      expect(await banner(page).count()).toBe(0);

      // The latest day's amount in the legend, every digit as sent; the y axis widened to its labels.
      const rewards = block(page, 'rewards');
      await rewards.locator('.uplot').waitFor();
      expect(await rewards.locator('.u-legend .u-series').nth(1).locator('.u-value').innerText()).toBe('123,456,789,012,345,678,901,234');
      const axisWidths = await rewards.locator('.u-axis').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
      // x first, then y: "987,654,321,098.8T" needs about twice the 48 px every axis had.
      expect(axisWidths[1]).toBeGreaterThan(90);
      expect(await overflow(page)).toEqual({ wide: [], pageWidth: NARROW.width });
      await screenshot(page, `popup-420-hostile-holders-${scheme}`);
      await page.close();
    }
  });

  it('shows a 403 about the project and a 401 on one endpoint in their blocks only, totals without a list, and [] as no data', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopup(scheme);
      await showSection(page, 'Audience', ['retention', 'inbounce', 'countries', 'traffic']);
      expect(await block(page, 'retention').locator('.notice-text').innerText()).toBe(
        'The service refused this request: Web analytics integration is not set up for this project',
      );
      // Countries and traffic loaded with the same key: the 401 is this request's, not the key's.
      // "Unauthorized" only restates the 401: said once, as the status, not after a heading that says it.
      expect(await block(page, 'inbounce').locator('.notice-text').innerText()).toBe('The service refused this request (HTTP 401).');
      expect(await banner(page).count()).toBe(0);
      const countries = block(page, 'countries');
      expect(await countries.locator('[data-figure="visitors"] .num').innerText()).toBe('7,331');
      expect(await countries.locator('[data-figure="wallets"] .num').innerText()).toBe('2,113');
      expect(await countries.locator('.empty').innerText()).toBe('The service sent totals but no list of countries.');
      expect(await block(page, 'traffic').locator('.empty').innerText()).toBe('No data for this project and time range.');
      expect(await overflow(page)).toEqual({ wide: [], pageWidth: NARROW.width });
      await screenshot(page, `popup-420-hostile-audience-${scheme}`);

      await showSection(page, 'DApp users', ['daily-users', 'actions']);
      expect(await block(page, 'daily-users').locator('.empty').innerText()).toBe('No data for this project and time range.');
      // The service's reason: one line, the override gone, capped with "…", wrapped inside its block.
      const reason = await block(page, 'actions').locator('.notice-text').innerText();
      expect(reason).toMatch(/^The service refused this request \(HTTP 400\): contract=0x1f98431c8ad9\S+…$/);
      expect(reason).not.toContain('\u202e');
      expect(reason.replace(/^[^:]*: /, '').length).toBeLessThanOrEqual(160);
      expect(await overflow(page)).toEqual({ wide: [], pageWidth: NARROW.width });
      await screenshot(page, `popup-420-hostile-dapp-users-${scheme}`);
      await page.close();
    }
  });

  it('says the key is rejected, once above the blocks, when every request with it is refused', async () => {
    refuseAll = true;
    try {
      const page = await openPopup();
      await page.getByRole('tab', { name: 'Audience' }).click();
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      await expect.poll(() => banner(page).innerText().catch(() => ''), { timeout: STEP_CEILING_MS }).toMatch(/rejected the API key\. Check it in Options/);
      expect(await page.locator('.notice[data-error="refused"]').count()).toBe(0);
      await page.close();
    } finally {
      refuseAll = false;
    }
  });

  it('writes an amount beyond 2^53 to CSV as sent', async () => {
    const page = await h.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${h.origin}/dashboard.html`);
    const rewards = block(page, 'rewards');
    await expect.poll(() => rewards.getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toBe('ready');
    const download = page.waitForEvent('download');
    await rewards.locator('[data-csv="claimed-rewards"]').click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      `${new Date((today - 3 * DAY) * 1000).toISOString().slice(0, 10)},987654321098765432109876`,
      `${new Date((today - 2 * DAY) * 1000).toISOString().slice(0, 10)},${BIG}`,
    ]);
    await page.close();
  });
});
