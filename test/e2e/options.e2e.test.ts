import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { launchExtension, screenshot, type ExtensionHarness } from './harness.ts';

/**
 * The options page in Chromium: filled by its labels, saved, reloaded, the
 * key masked and revealed, "Test connection" against the sandbox, validation
 * that saves nothing, and allowed sites revoked. Screenshots in both themes.
 */

const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });
const saveNote = (page: Page) => page.locator('.save-note');
const verdict = (page: Page) => page.locator('#connection-result');

async function fillForm(page: Page, sb: Sandbox, key: string) {
  await field(page, 'API key').fill(key);
  await field(page, 'Data API base URL').fill(sb.dataBaseUrl);
  await field(page, 'Integration API base URL').fill(sb.integrationBaseUrl);
  await field(page, 'Proof page URL').fill(`${sb.origin}/proof/{sessionId}`);
  await field(page, 'Default project').fill('nebula');
  await field(page, 'Score model').fill('credit-lite');
  await field(page, 'Minimum score').fill('640');
}

describe('options page', () => {
  let sb: Sandbox;
  let h: ExtensionHarness;

  beforeAll(async () => {
    // A small dataset: this test needs the API's answers, not its volume.
    [sb, h] = await Promise.all([startSandbox({ port: 0, scale: 0.1 }), launchExtension()]);
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  it('keeps what was saved across a reload, with the key masked until the eye reveals it', async () => {
    const page = await h.openPage('options.html');
    await fillForm(page, sb, sb.apiKey);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => saveNote(page).innerText()).toBe('Saved.');

    // The key is sealed in storage.local, which content scripts can read.
    const local = await h.getStorage('local');
    expect(JSON.stringify(local)).not.toContain(sb.apiKey);
    expect(local.settings).toMatchObject({ dataBaseUrl: sb.dataBaseUrl, defaultProject: 'nebula', scoreId: 'credit-lite', minScore: 640 });

    await page.reload();
    await field(page, 'Data API base URL').waitFor();
    expect(await field(page, 'Data API base URL').inputValue()).toBe(sb.dataBaseUrl);
    expect(await field(page, 'Integration API base URL').inputValue()).toBe(sb.integrationBaseUrl);
    expect(await field(page, 'Proof page URL').inputValue()).toBe(`${sb.origin}/proof/{sessionId}`);
    expect(await field(page, 'Default project').inputValue()).toBe('nebula');
    expect(await field(page, 'Score model').inputValue()).toBe('credit-lite');
    expect(await field(page, 'Minimum score').inputValue()).toBe('640');

    const key = field(page, 'API key');
    expect(await key.getAttribute('type')).toBe('password');
    expect(await key.inputValue()).toBe(sb.apiKey);
    await page.getByRole('button', { name: 'Show API key' }).click();
    expect(await key.getAttribute('type')).toBe('text');
    await screenshot(page, 'options-key-shown-light');
    await page.getByRole('button', { name: 'Hide API key' }).click();
    expect(await key.getAttribute('type')).toBe('password');
    await page.close();
  });

  it('works from the keyboard: Tab reaches the eye button, Enter toggles it', async () => {
    const page = await h.openPage('options.html');
    await field(page, 'API key').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show API key');
    await page.keyboard.press('Enter');
    expect(await field(page, 'API key').getAttribute('type')).toBe('text');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Hide API key');
    // The focus ring is visible (theme: 2px outline).
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await screenshot(page, 'options-focus-light');
    await page.close();
  });

  it('says plainly whether the connection works: demo key, wrong key, missing stage prefix', async () => {
    const page = await h.openPage('options.html');
    await field(page, 'Default project').waitFor();
    const test = page.getByRole('button', { name: 'Test connection' });

    await test.click();
    await expect.poll(() => verdict(page).innerText()).toMatch(/Works: the service accepted the key and answered for project “nebula”/);

    // Unsaved values are what is tested.
    await field(page, 'API key').fill('not-the-right-key');
    await test.click();
    await expect.poll(() => verdict(page).innerText()).toMatch(/Key rejected: the service did not accept this API key/);
    await screenshot(page, 'options-key-rejected-light');
    expect(await verdict(page).innerText()).not.toContain('not-the-right-key');

    await field(page, 'API key').fill(sb.apiKey);
    await field(page, 'Data API base URL').fill(sb.origin);
    await test.click();
    await expect.poll(() => verdict(page).innerText()).toMatch(/Data API base URL looks wrong.*\/dev/);
    await page.close();
  });

  it('refuses to save invalid values, says why next to each field, and saves nothing', async () => {
    const before = await h.getStorage('local');
    const page = await h.openPage('options.html');
    await field(page, 'Default project').fill('tidal');
    await field(page, 'Proof page URL').fill('https://proof.example/start');
    await field(page, 'Minimum score').fill('six hundred');
    await field(page, 'Integration API base URL').fill('ftp://files.example/v1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect.poll(() => saveNote(page).innerText()).toBe('Nothing was saved: fix the 3 fields marked below.');
    expect(await page.locator('#proofPageTemplate-error').innerText()).toBe('Proof page URL must contain {sessionId}.');
    expect(await page.locator('#minScore-error').innerText()).toBe('Minimum score must be a whole number.');
    expect(await page.locator('#integrationBaseUrl-error').innerText()).toMatch(/must start with http:\/\/ or https:\/\//);
    expect(await field(page, 'Minimum score').getAttribute('aria-invalid')).toBe('true');
    // Focus goes to the first field to fix.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('integrationBaseUrl');
    await screenshot(page, 'options-errors-light');
    expect(await h.getStorage('local')).toEqual(before);
    await page.close();
  });

  it('follows a dark system theme', async () => {
    const dark = await launchExtension({ colorScheme: 'dark' });
    try {
      const page = await dark.openPage('options.html');
      await field(page, 'API key').fill('not-the-right-key');
      await field(page, 'Data API base URL').fill(sb.dataBaseUrl);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => verdict(page).innerText()).toMatch(/Key rejected/);
      await field(page, 'Minimum score').fill('x');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => saveNote(page).innerText()).toMatch(/^Nothing was saved/);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe('rgb(20, 22, 27)');
      await screenshot(page, 'options-dark');
      await page.close();
    } finally {
      await dark.close();
    }
  });
});
