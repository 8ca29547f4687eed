import { getAddress } from 'viem';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { askWorkerFrom, launchExtension, screenshot, type ExtensionHarness } from './harness.ts';
import { startRequestLog, type RequestLog } from './request-log.ts';
import { sandboxScore } from './sandbox-answers.ts';
import { answeredBars, breakdownTexts, shownBars } from './score-view.ts';
import { pointExtensionAt } from './service-setup.ts';

/**
 * The Score tab against the sandbox: the popup shows what the sandbox's HTTP
 * API answers for a dataset wallet; an invalid address sends nothing; the
 * context-menu item is registered and its result page works.
 */
describe('score lookup', () => {
  let sandbox: Sandbox;
  let log: RequestLog;
  let h: ExtensionHarness;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, scale: 0.05 });
    log = await startRequestLog(sandbox.origin);
    h = await launchExtension();
    await pointExtensionAt(h, { origin: log.origin, apiKey: sandbox.apiKey });
  });
  afterAll(async () => {
    await h?.close();
    await log?.close();
    await sandbox?.close();
  });

  const scoreCalls = () => log.paths.filter((p) => p.includes('/calculateCustomScore/'));

  const barsOn = async (page: Page) => shownBars(await page.evaluate(breakdownTexts));

  async function openScoreTab(): Promise<Page> {
    const page = await h.openPage('popup.html');
    await page.getByRole('tab', { name: 'Score' }).click();
    await expect.poll(() => page.getByLabel('Score model').inputValue()).toBe('credit-v1');
    return page;
  }

  it('shows the score, band and breakdown the sandbox answers for a dataset wallet', async () => {
    const wallet = sandbox.dataset.walletAddresses()[7]!;
    const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
    const page = await openScoreTab();
    await page.getByLabel('Address', { exact: true }).fill(getAddress(wallet));
    await page.getByRole('button', { name: 'Check score' }).click();

    const result = page.getByRole('region', { name: 'Score result' });
    await expect.poll(() => result.getByTestId('score-value').textContent()).toBe(String(expected.score));
    expect(await result.getByTestId('score-band').textContent()).toBe(expected.band);
    expect(await barsOn(page)).toEqual(answeredBars(expected));
    const rank = result.locator('.score-extras > div', { has: page.locator('dt', { hasText: /^Rank$/ }) }).locator('dd');
    expect(await rank.textContent()).toBe(String(expected.rank));
    expect(scoreCalls()).toEqual([`/v1/platform-services/calculateCustomScore/${wallet}?scoreId=credit-v1`]);

    // Remembered, and asked again within moments (any case): answered from the worker's cache.
    await expect.poll(() => page.getByRole('region', { name: 'Recent lookups' }).textContent()).toContain(String(expected.score));
    const again = await askWorkerFrom(page, 'score.lookup', { address: wallet, scoreId: 'credit-v1' });
    expect(again).toMatchObject({ ok: true, value: { score: expected.score, checksummed: getAddress(wallet) } });
    expect(scoreCalls()).toHaveLength(1);

    // Roughly the popup's size (the shell sizes the real popup).
    await page.setViewportSize({ width: 400, height: 640 });
    await screenshot(page, 'score-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'score-dark');
    await page.close();
  });

  it('shows a non-credit model and its extras as the sandbox answers them', async () => {
    const wallet = sandbox.dataset.walletAddresses()[11]!;
    const expected = await sandboxScore(sandbox, wallet, 'activity');
    const page = await openScoreTab();
    await page.getByLabel('Address', { exact: true }).fill(wallet);
    await page.getByLabel('Score model').fill('activity');
    await page.getByRole('button', { name: 'Check score' }).click();
    const result = page.getByRole('region', { name: 'Score result' });
    await expect.poll(() => result.getByTestId('score-value').textContent()).toBe(String(expected.score));
    const rows = await result.locator('.score-extras > div').evaluateAll((ds) =>
      Object.fromEntries(ds.map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent])),
    );
    expect(rows).toMatchObject({ Type: expected.type, 'Chain ID': expected.chainId });
    await page.close();
  });

  it('refuses an invalid address with a plain message and makes no request', async () => {
    const before = scoreCalls().length;
    const page = await openScoreTab();
    const field = page.getByLabel('Address', { exact: true });
    const good = getAddress(sandbox.dataset.walletAddresses()[3]!);
    const badChecksum = good.slice(0, 2) + [...good.slice(2)].map((c) => (/[a-f]/.test(c) ? c.toUpperCase() : /[A-F]/.test(c) ? c.toLowerCase() : c)).join('');
    for (const [input, message] of [['0x1234', /40 hex digits/], [badChecksum, /checksum/], ['vitalik.eth', /starts with "0x"/]] as const) {
      await field.fill(input);
      await page.getByRole('button', { name: 'Check score' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(message);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(scoreCalls()).toHaveLength(before);
    await page.close();
  });

  it('registers "Check score of %s" for selections, and its result page looks the address up', async () => {
    const worker = await h.worker();
    const manifest = await worker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.permissions).toContain('contextMenus');
    // Chrome cannot list menu items; update() succeeds only for an item that exists.
    const probe = (id: string) => worker.evaluate((i) => chrome.contextMenus.update(i, {}).then(() => 'exists', (e: Error) => e.message), id);
    await expect.poll(() => probe('vantage-check-score')).toBe('exists');
    expect(await probe('no-such-item')).not.toBe('exists');

    // What a click on a selection holding an address opens.
    const wallet = sandbox.dataset.walletAddresses()[7]!;
    const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
    const page = await h.openPage(`score.html?address=${getAddress(wallet)}`);
    await expect.poll(() => page.getByTestId('score-value').textContent()).toBe(String(expected.score));
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe(getAddress(wallet));
    // Served from the worker's cache (looked up in the first test), in the model's own order.
    expect(await barsOn(page)).toEqual(answeredBars(expected));
    await page.setViewportSize({ width: 420, height: 680 });
    await screenshot(page, 'score-window');
    await page.goto(`${h.origin}/score.html?noAddress=1`);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/holds no 0x address/);
    await page.close();
  });
});
