import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { getAddress } from 'viem';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { askWorkerFrom, launchExtension, screenshot, screenshotPath, type ExtensionHarness } from './harness.ts';
import { sandboxScore } from './sandbox-answers.ts';
import { pointExtensionAt } from './service-setup.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The address-bar keyword `vt` and the popup's shortcut, in Chromium.
 *
 * Headless Chromium has no address bar a test can type into (Playwright drives pages, not the browser's own
 * UI: microsoft/playwright#32754). What is real here:
 * - Typing: chrome://omnibox (the browser's debug page for its address bar) runs the browser's own
 *   autocomplete on `vt …`, whose keyword provider fires the extension's onInputChanged and shows the
 *   suggestions the browser accepted (their XML descriptions parsed by the browser).
 * - Entering: the browser has no way to accept a suggestion from outside its UI, so the test dispatches
 *   omnibox.onInputEntered on the browser's own event object in the running worker (the `dispatch` its
 *   bindings expose; nothing in the product is a test hook). What follows is all real: the score window
 *   or tab, the score page, its lookup against the sandbox, the dashboard.
 */
describe('address-bar keyword and shortcut', () => {
  let sandbox: Sandbox;
  let h: ExtensionHarness;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, scale: 0.05 });
    h = await launchExtension();
    await pointExtensionAt(h, sandbox);
  });
  afterAll(async () => {
    await h?.close();
    await sandbox?.close();
  });

  /** Fires onInputEntered in the worker, as the browser does when the user presses Enter after `vt text`. */
  async function enter(text: string, disposition: 'currentTab' | 'newForegroundTab'): Promise<void> {
    const worker = await h.worker();
    await worker.evaluate(
      ([t, d]) => (chrome.omnibox.onInputEntered as unknown as { dispatch(text: string, disposition: string): void }).dispatch(t, d),
      [text, disposition] as const,
    );
  }

  const scoreShown = (page: Page) => page.getByRole('region', { name: 'Score result' }).getByTestId('score-value').textContent();

  it('typing `vt` and part of a looked-up address: the browser shows it as a suggestion', async () => {
    const wallet = sandbox.dataset.walletAddresses()[3]!;
    const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
    const page = await h.openPage('manifest.json');
    // A lookup the user made earlier: remembered (sealed) by the worker.
    expect(await askWorkerFrom(page, 'score.lookup', { address: wallet, scoreId: 'credit-v1' })).toMatchObject({ ok: true });
    await page.close();

    const debug = await h.context.newPage();
    await debug.goto('chrome://chrome-urls');
    await debug.locator('cr-button', { hasText: 'Enable internal debugging pages' }).click();
    await debug.goto('chrome://omnibox');
    await debug.locator('#input-text').fill(`vt ${wallet.slice(0, 8)}`);
    // Playwright's text locators pierce the page's shadow roots.
    const suggestion = debug.getByText(`credit-v1 · score ${expected.score}`).first();
    await expect.poll(() => suggestion.count(), { timeout: STEP_CEILING_MS }).toBeGreaterThan(0);
    // The debug page fills its rows as the engine's answers arrive: each part is waited for, not counted at once.
    await expect.poll(() => debug.getByText(getAddress(wallet)).count(), { timeout: STEP_CEILING_MS }).toBeGreaterThan(0);
    await screenshot(debug, 'omnibox-debug-suggestions');
    await debug.close();
  });

  it('entering an address opens the score window with the sandbox’s score', async () => {
    const wallet = sandbox.dataset.walletAddresses()[9]!;
    const expected = await sandboxScore(sandbox, wallet, 'activity');
    const opened = h.context.waitForEvent('page', (p) => p.url().includes('/score.html'));
    await enter(`${wallet} activity`, 'newForegroundTab');
    const win = await opened;
    expect(new URL(win.url()).search).toBe(`?address=${getAddress(wallet)}&model=activity`);
    await expect.poll(() => scoreShown(win), { timeout: STEP_CEILING_MS }).toBe(String(expected.score));
    expect(await win.getByLabel('Score model').inputValue()).toBe('activity');
    // A window of its own (the score window), not a tab among the user's.
    expect(await win.evaluate(async () => (await chrome.windows.getCurrent()).type)).toBe('popup');
    await win.close();
  });

  it('Enter (currentTab) opens the score in the tab the user typed in', async () => {
    const wallet = sandbox.dataset.walletAddresses()[4]!;
    const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
    const tab = await h.context.newPage();
    await tab.goto(`${sandbox.origin}/`).catch(() => undefined);
    await tab.bringToFront();
    await enter(wallet, 'currentTab');
    await tab.waitForURL(/\/score\.html\?address=/);
    await expect.poll(() => scoreShown(tab), { timeout: STEP_CEILING_MS }).toBe(String(expected.score));
    await tab.close();
  });

  it('entering a project id opens the dashboard on that project, and a second one moves it', async () => {
    const opened = h.context.waitForEvent('page', (p) => p.url().includes('/dashboard.html'));
    await enter('tidal', 'newForegroundTab');
    const dash = await opened;
    expect(new URL(dash.url()).hash).toBe('#project=tidal');
    await expect.poll(() => dash.getByRole('heading', { level: 1 }).textContent()).toBe('Vantage: tidal');
    expect(await dash.getByLabel('Project').inputValue()).toBe('tidal');
    // Chosen as if in the filter bar: the popup opens on it too, and it is a recent project.
    const stored = (await h.getStorage('local')).statsUi as { filters: { project: string }; recentProjects: string[] };
    expect(stored.filters.project).toBe('tidal');
    expect(stored.recentProjects[0]).toBe('tidal');
    // Another link to the same page changes only its hash.
    await dash.evaluate(() => (location.hash = '#project=nebula'));
    await expect.poll(() => dash.getByRole('heading', { level: 1 }).textContent()).toBe('Vantage: nebula');
    await dash.close();
  });

  it('the popup has a shortcut, registered by the browser and shown in Options', async () => {
    const worker = await h.worker();
    const commands = await worker.evaluate(() => chrome.commands.getAll());
    expect(commands).toContainEqual(expect.objectContaining({ name: '_execute_action', shortcut: 'Alt+Shift+V' }));

    const page = await h.openPage('options.html');
    const section = page.getByRole('region', { name: 'Address bar and keyboard' });
    await expect.poll(() => section.getByTestId('popup-shortcut').textContent()).toBe('Open the popup: Alt+Shift+V');
    expect(await section.textContent()).toContain('chrome://extensions/shortcuts');
    await section.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 800, height: 600 });
    await section.screenshot({ path: await screenshotPath('options-keyboard-light') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await section.screenshot({ path: await screenshotPath('options-keyboard-dark') });

    // The button opens the browser's shortcut settings.
    const opened = h.context.waitForEvent('page', (p) => p.url().startsWith('chrome://extensions/shortcuts'));
    await section.getByRole('button', { name: 'Open shortcut settings' }).click();
    await (await opened).close();
    await page.close();
  });

  it('the Firefox build declares the same keyword, and the shortcut under its MV2 name', async () => {
    const manifest = JSON.parse(await readFile(resolve(process.env.WXT_OUT_DIR ?? '.output', 'firefox-mv2/manifest.json'), 'utf8'));
    expect(manifest.omnibox).toEqual({ keyword: 'vt' });
    expect(manifest.commands).toEqual({ _execute_browser_action: { suggested_key: { default: 'Alt+Shift+V' } } });
  });
});
