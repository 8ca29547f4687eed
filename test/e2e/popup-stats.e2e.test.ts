import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBadge } from '@/lib/format/number.ts';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { launchExtension, screenshot, type ExtensionHarness } from './harness.ts';
import { startRequestLog, type RequestLog } from './request-log.ts';
import { holderHeadlines, sandboxCompleteDays, sandboxStats } from './sandbox-answers.ts';
import { pointExtensionAt } from './service-setup.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The popup's Stats tab and the dashboard against the sandbox: the numbers
 * shown are the sandbox's answers; requests start only for the section shown;
 * with the service stopped (and the worker restarted) the cached numbers
 * still paint, with their age; a project without web analytics says so;
 * another key (another account) or another service never gets the old
 * one's numbers. Screenshots in light and dark at popup size, and of the
 * dashboard.
 */

const POPUP = { width: 660, height: 600 };
/** lib/stats/paint-snapshot.ts's localStorage key (not imported: that module's imports need a browser). */
const SNAPSHOT_KEY = 'vantage:paint-snapshot';
const people = (n: number) => n.toLocaleString('en-US');
/** Two accounts of the sandbox: the tests start with the first. */
const KEYS = ['vantage-e2e-account-a', 'vantage-e2e-account-b'];

describe('popup stats', () => {
  let sb: Sandbox;
  let log: RequestLog;
  let h: ExtensionHarness;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, scale: 0.1, apiKeys: KEYS });
    log = await startRequestLog(sb.origin);
    h = await launchExtension();
    await pointExtensionAt(h, { origin: log.origin, apiKey: sb.apiKey });
  });
  let serviceStopped = false;
  afterAll(async () => {
    await h?.close();
    if (!serviceStopped) {
      await log?.close();
      await sb?.close();
    }
  });

  async function openPopup(): Promise<Page> {
    const page = await h.context.newPage();
    await page.setViewportSize(POPUP);
    await page.goto(`${h.origin}/popup.html`);
    return page;
  }

  /** Opens the popup recording each block's states in order, from the page's first frame on. */
  async function openPopupRecording(): Promise<Page> {
    const page = await h.context.newPage();
    await page.setViewportSize(POPUP);
    await page.addInitScript(() => {
      const seen: Record<string, string[]> = {};
      Object.assign(window, { blockStates: seen });
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-block]')) {
          const states = (seen[el.dataset.block!] ??= []);
          if (states.at(-1) !== el.dataset.state) states.push(el.dataset.state!);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await page.goto(`${h.origin}/popup.html`);
    return page;
  }
  const blockStates = (page: Page) => page.evaluate(() => (window as unknown as { blockStates: Record<string, string[]> }).blockStates);
  /** How many cached entries the popup's first frame would paint from its snapshot. */
  const snapshotEntries = (page: Page) =>
    page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { entries?: unknown[] } | null)?.entries?.length ?? 0, SNAPSHOT_KEY);
  /** The scopes of the worker's cached entries, read from an open extension page (h.getStorage would open a popup, which fetches). */
  const cacheScopes = async (page: Page) => {
    const local = await page.evaluate(() => chrome.storage.local.get(null));
    return new Set(Object.keys(local).filter((k) => k.startsWith('cache:')).map((k) => k.split(':')[1]!));
  };

  async function chooseProject(page: Page, project: string) {
    const field = page.getByLabel('Project', { exact: true });
    await field.fill(project);
    await field.press('Enter');
  }

  /** Shows the Holders section and waits for its two blocks' numbers. */
  async function showHolders(page: Page) {
    await page.getByRole('tab', { name: 'Holders' }).click();
    for (const block of ['holders', 'balance']) await page.locator(`[data-block="${block}"][data-state="ready"]`).waitFor({ timeout: STEP_CEILING_MS });
  }

  const figure = (page: Page, block: string, name: string) => page.locator(`[data-block="${block}"] [data-figure="${name}"] .num[data-value]`);
  const part = (page: Page, name: string) => page.locator(`[data-block="balance"] [data-part="${name}"] .num[data-value]`);
  const requestsFor = (project: string, group: string) => log.paths.filter((p) => p.includes(`/v3/data/${project}/${group}/`));

  async function expectShown(locator: ReturnType<typeof figure>, value: number) {
    await expect.poll(() => locator.getAttribute('data-value'), { timeout: STEP_CEILING_MS }).toBe(String(value));
    expect(await locator.innerText()).toBe(people(value));
  }

  it('without a key, says so once with the way out, and each block points to it', async () => {
    await h.setStorage('session', { apiKey: '' });
    try {
      const page = await openPopup();
      await chooseProject(page, 'tidal');
      const notice = page.locator('.stats > .notice');
      await expect.poll(() => notice.innerText().catch(() => ''), { timeout: STEP_CEILING_MS }).toMatch(/not set up yet: add your API key in Options/);
      expect(await notice.getByRole('button').allInnerTexts()).toEqual(['Open options']);
      await expect.poll(() => page.locator('[data-block="holders"]').innerText()).toMatch(/Not available: see the notice above/);
      expect(await page.locator('.notice').count()).toBe(1);
      await screenshot(page, 'popup-stats-no-key-light');
      await page.close();

      // A key the service refuses: said as such, with the same way out.
      await h.setStorage('session', { apiKey: 'not-the-right-key' });
      const again = await openPopup();
      const refused = again.locator('.stats > .notice');
      await expect.poll(() => refused.innerText().catch(() => ''), { timeout: STEP_CEILING_MS }).toMatch(/rejected the API key\. Check it in Options/);
      expect(await refused.getByRole('button').allInnerTexts()).toEqual(['Open options']);
      await again.close();
    } finally {
      await h.setStorage('session', { apiKey: sb.apiKey });
    }
  });

  it('says plainly that a project without web analytics has no countries or traffic data', async () => {
    const page = await openPopup();
    await chooseProject(page, 'quartz');
    await page.getByRole('tab', { name: 'Audience' }).click();
    for (const block of ['countries', 'traffic']) {
      const b = page.locator(`[data-block="${block}"]`);
      await expect.poll(() => b.getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toBe('no-analytics');
      expect(await b.innerText()).toMatch(/This project has no web-analytics integration/);
      expect(await b.locator('[role="alert"]').count()).toBe(0);
    }
    // Its other audience blocks still answer.
    await expect.poll(() => page.locator('[data-block="retention"]').getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toBe('ready');
    await screenshot(page, 'popup-stats-no-analytics-light');
    await page.close();
  });

  it('shows the sandbox\'s holders, balance distribution and daily users, fetching each section only when shown', async () => {
    // Holder figures cover the days their changes compare: the last 30 complete days (lib/stats/headline.ts).
    const [holders, balance, daily] = await Promise.all([
      sandboxCompleteDays(sb, 'holderChange', 'nebula'),
      sandboxStats(sb, 'tokenBalanceDistribution', 'nebula'),
      sandboxStats(sb, 'dailyUsers', 'nebula'),
    ]);
    const page = await openPopup();
    // The popup reopens on the section last shown (Audience): go to Holders first.
    await page.getByRole('tab', { name: 'Holders' }).click();
    await chooseProject(page, 'nebula');

    const now = holderHeadlines(holders);
    await expectShown(figure(page, 'holders', 'total'), now.total);
    await expectShown(figure(page, 'holders', 'active'), now.active);
    await expectShown(figure(page, 'holders', 'new'), now.new);
    const b = balance as unknown as { whales: number; normalWallets: number; forgottenWallets: number };
    await expectShown(part(page, 'whales'), b.whales);
    await expectShown(part(page, 'normal'), b.normalWallets);
    await expectShown(part(page, 'forgotten'), b.forgottenWallets);
    await page.locator('[data-block="holders"] .uplot').waitFor();
    expect(await page.locator('[data-block="holders"] .age').innerText()).toBe('updated just now');
    // The toolbar badge, off by default, shows the chosen number once chosen.
    const badge = () => page.evaluate(() => chrome.action.getBadgeText({}));
    expect(await page.getByLabel('Toolbar badge').inputValue()).toBe('off');
    expect(await badge()).toBe('');
    await page.getByLabel('Toolbar badge').selectOption('activeHolders');
    await expect.poll(badge, { timeout: STEP_CEILING_MS }).toBe(formatBadge(now.active));
    await page.getByLabel('Toolbar badge').selectOption('off');
    await expect.poll(badge).toBe('');
    // DApp users and Audience are not shown yet: nothing of theirs was asked for.
    expect(requestsFor('nebula', 'dapp-users')).toEqual([]);
    expect(requestsFor('nebula', 'cdp-users')).toEqual([]);
    await screenshot(page, 'popup-stats-holders-light');

    await page.getByRole('tab', { name: 'DApp users' }).click();
    const days = [...(daily.dailyUsers as { timestamp: number; numberOfUsers: number; numberOfTransactions: number }[])]
      .sort((x, y) => x.timestamp - y.timestamp);
    // The sandbox's last day is today, not over: the headline is the day before, today's figures follow apart.
    const [complete, today] = days.slice(-2) as [typeof days[number], typeof days[number]];
    await expectShown(figure(page, 'daily-users', 'users'), complete.numberOfUsers);
    await expectShown(figure(page, 'daily-users', 'transactions'), complete.numberOfTransactions);
    await expectShown(figure(page, 'daily-users', 'users-partial'), today.numberOfUsers);
    await expectShown(figure(page, 'daily-users', 'transactions-partial'), today.numberOfTransactions);
    expect(requestsFor('nebula', 'dapp-users').length).toBeGreaterThan(0);
    await page.locator('[data-block="daily-users"] .uplot').waitFor();
    await page.locator('[data-block="actions"][data-state="ready"]').waitFor();
    await screenshot(page, 'popup-stats-dapp-users-light');

    await page.getByRole('tab', { name: 'Audience' }).click();
    await page.locator('[data-block="retention"] table.cohort').waitFor({ timeout: STEP_CEILING_MS });
    await page.locator('[data-block="traffic"] .flow').waitFor({ timeout: STEP_CEILING_MS });
    await screenshot(page, 'popup-stats-audience-light');

    // The same popup in dark: charts are redrawn with the dark theme's colours.
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'popup-stats-audience-dark');
    await page.getByRole('tab', { name: 'Holders' }).click();
    await page.locator('[data-block="holders"] .uplot').waitFor();
    await screenshot(page, 'popup-stats-holders-dark');
    await page.getByRole('tab', { name: 'DApp users' }).click();
    await page.locator('[data-block="daily-users"] .uplot').waitFor();
    await screenshot(page, 'popup-stats-dapp-users-dark');
    await page.close();
  });

  // The first block is in the first frame (components/stats/Blocks.tsx); the next ones follow it, each ready as it appears.
  it('reopened, paints the blocks it showed last time from the first frame on, none with a skeleton of its own', async () => {
    const page = await openPopupRecording();
    await page.getByRole('tab', { name: 'Holders' }).click();
    for (const block of ['holders', 'balance']) await page.locator(`[data-block="${block}"][data-state="ready"]`).waitFor({ timeout: STEP_CEILING_MS });
    await page.close();

    const again = await openPopupRecording();
    await again.waitForFunction(() => document.documentElement.dataset.statsPainted === 'cache');
    const states = await blockStates(again);
    for (const block of ['holders', 'balance']) expect(states[block]?.[0], block).toBe('ready');
    await again.close();
  });

  it('with another account\'s key saved in Options, never shows the first account\'s numbers, not even in the first frame', async () => {
    const popup = await openPopup();
    await showHolders(popup);
    const [firstScope, ...others] = await cacheScopes(popup);
    expect(others).toEqual([]);
    await popup.close();

    const options = await h.openPage('options.html');
    expect(await snapshotEntries(options)).toBeGreaterThan(0);
    const key = options.getByLabel('API key', { exact: true });
    await expect.poll(() => key.inputValue()).toBe(KEYS[0]);
    await key.fill(KEYS[1]!);
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => options.locator('.save-note').innerText()).toBe('Saved.');
    await expect.poll(() => snapshotEntries(options)).toBe(0);
    // The worker keeps no entry of the first account.
    await expect.poll(async () => (await cacheScopes(options)).has(firstScope!)).toBe(false);
    await options.close();

    const asked = requestsFor('nebula', 'holders').length;
    const page = await openPopupRecording();
    await showHolders(page);
    // The first account's entries were fresh: only a scope tied to the key makes the popup ask again.
    expect(requestsFor('nebula', 'holders').length).toBeGreaterThan(asked);
    const states = await blockStates(page);
    for (const block of ['holders', 'balance']) expect(states[block]?.[0], block).toBe('loading');
    expect([...(await cacheScopes(page))]).not.toContain(firstScope);
    await page.close();
  });

  it('opens a dashboard with every section and exports a table as CSV', async () => {
    const popup = await openPopup();
    const opened = h.context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Open dashboard' }).click();
    const page = await opened;
    expect(page.url()).toBe(`${h.origin}/dashboard.html`);
    await popup.close();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('[data-block="holders"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
    // Lower sections mount as they scroll into view.
    for (const section of ['dapp-users', 'audience']) await page.locator(`#h-${section}`).scrollIntoViewIfNeeded();
    for (const block of ['holders', 'balance', 'daily-users', 'actions', 'retention', 'traffic']) {
      await page.locator(`[data-block="${block}"]`).scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator(`[data-block="${block}"]`).getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toBe('ready');
    }
    const download = page.waitForEvent('download');
    await page.locator('[data-block="balance"] [data-csv="balance-distribution"]').click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Class,Holders,Share');
    expect(csv).toMatch(/^Whales,\d+,/m);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'dashboard-dark');
    await page.close();
  });

  it('with the service stopped and the worker restarted, still paints the cached numbers with their age', async () => {
    const shown = await (async () => {
      const page = await openPopup();
      await page.getByRole('tab', { name: 'Holders' }).click();
      await figure(page, 'holders', 'total').waitFor();
      const v = await figure(page, 'holders', 'total').innerText();
      await page.close();
      return v;
    })();
    serviceStopped = true;
    await log.close();
    await sb.close();
    await h.stopWorker();
    // Age every cached entry by an hour: the popup must paint them and try (and fail) to revalidate. An entry of
    // whole days (a compared period's, `startTime` a date) stays after today's midnight UTC, as it always is: before
    // it, its last day (yesterday) was not over, and it would rightly not count.
    const local = await h.getStorage('local');
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const aged = Object.fromEntries(
      Object.entries(local)
        .filter(([k]) => k.startsWith('cache:'))
        .map(([k, v]) => {
          const storedAt = (v as { storedAt: number }).storedAt - 3_600_000;
          return [k, { ...(v as { storedAt: number }), storedAt: /[?&]startTime=\d{4}-\d{2}-\d{2}(&|$)/.test(k) ? Math.max(storedAt, midnight) : storedAt }];
        }),
    );
    expect(Object.keys(aged).length).toBeGreaterThan(5);
    await h.setStorage('local', aged);

    const page = await openPopup();
    await page.waitForFunction(() => document.documentElement.dataset.statsPainted === 'cache');
    expect(await figure(page, 'holders', 'total').innerText()).toBe(shown);
    // The first frame may carry the popup's own copy of the entry; the stored one (an hour older) then wins.
    await expect.poll(() => page.locator('[data-block="holders"] .age').innerText()).toBe('updated 1 h ago');
    // Revalidation fails: the numbers stay, marked, with the reason and the way out said once above them.
    await page.locator('[data-block="holders"] .not-updated').waitFor({ timeout: STEP_CEILING_MS });
    const notice = page.locator('.stats > .notice');
    expect(await notice.innerText()).toMatch(/The service is unreachable/);
    expect(await notice.getByRole('button').allInnerTexts()).toEqual(['Open options', 'Retry']);
    expect(await page.locator('.notice').count()).toBe(1);
    expect(await figure(page, 'holders', 'total').innerText()).toBe(shown);
    await screenshot(page, 'popup-stats-offline-light');
    await page.close();
  });

  it('when the service changes, drops its copy of the old service\'s numbers: the popup never shows them', async () => {
    const options = await h.openPage('options.html');
    expect(await snapshotEntries(options)).toBeGreaterThan(0);
    const { settings } = await h.getStorage('local');
    await h.setStorage('local', { settings: { ...(settings as object), dataBaseUrl: 'http://127.0.0.1:9/dev' } });
    await expect.poll(() => snapshotEntries(options)).toBe(0);
    await options.close();

    const page = await openPopupRecording();
    await page.locator('[data-block="holders"][data-state="error"]').waitFor({ timeout: STEP_CEILING_MS });
    const states = await blockStates(page);
    expect(states.holders).not.toContain('ready');
    expect(await figure(page, 'holders', 'total').count()).toBe(0);
    await page.close();
  });
});
