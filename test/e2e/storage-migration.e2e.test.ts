import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { axeViolations } from './axe.ts';
import { SCHEMA_VERSION } from '@/lib/storage/version.ts';
import { launchExtension, screenshot, type ExtensionHarness } from './harness.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * Storage of an older layout in real Chromium: the worker's start migrates it
 * (plain-text site lists and lookups sealed, the plain copies deleted, an
 * address that no longer validates set aside), and what was set aside, and a
 * session-only key an update took, are said in Options and the popup (axe:
 * 0 violations, light and dark; the popup at 420 px).
 */

const OLD_LAYOUT = {
  settings: {
    dataBaseUrl: 'http://stats.example.com/dev',
    integrationBaseUrl: 'https://api.example.com/v1',
    proofPageTemplate: 'https://proof.example.com/p/{sessionId}',
    defaultProject: 'nebula',
    defaultChainId: '',
    defaultTokenId: '',
    scoreId: 'credit-v1',
    minScore: 640,
    verifyBeforeHandOver: true,
    proofTimeoutMinutes: 10,
    keyInSessionOnly: true,
  },
  settings$: { v: 2 },
  allowedSites: [{ origin: 'https://dapp.example', addedAt: 1763880000000 }],
  blockedSites: [{ origin: 'https://spam.example', addedAt: 1763880100000 }],
  scoreRecent: [{ address: '0x1111111111111111111111111111111111111111', scoreId: 'credit-v1', score: 712, at: 1763880200000 }],
};

describe('an older storage layout in Chromium', () => {
  let h: ExtensionHarness;

  beforeAll(async () => {
    h = await launchExtension();
    // The fresh install marked its layout; put an older build's storage in its place, as an update finds it
    // (the mark goes last: a worker woken in between finds nothing to do), then start the worker afresh.
    const page = await h.openPage('manifest.json');
    // Not while the fresh install's own migration runs: it read storage before the swap and would finish on a mix of
    // both (in one CI run it sealed the old site lists but never saw the old settings, so nothing was set aside).
    // Its mark, written last under the migration lock, says it is done.
    await vi.waitFor(async () => {
      const { schemaVersion } = await page.evaluate(() => chrome.storage.local.get('schemaVersion'));
      if (schemaVersion !== SCHEMA_VERSION) throw new Error(`the fresh install's migration has not finished (schemaVersion ${String(schemaVersion)})`);
    }, { timeout: STEP_CEILING_MS, interval: 50 });
    await page.evaluate(async (old) => {
      await chrome.storage.local.set({ ...old, sessionKeyLost: Date.now() });
      await chrome.storage.local.remove('schemaVersion');
    }, OLD_LAYOUT);
    await page.close();
    await h.stopWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is migrated when the worker starts: the plain-text copies are gone, the lists sealed, the address set aside', async () => {
    await h.worker();
    await expect.poll(async () => (await h.getStorage('local')).schemaVersion, { timeout: STEP_CEILING_MS }).toBe(SCHEMA_VERSION);
    const stored = await h.getStorage('local');
    for (const key of ['allowedSites', 'blockedSites', 'settings$']) expect(stored).not.toHaveProperty(key);
    const text = JSON.stringify(stored);
    for (const s of ['https://dapp.example', 'https://spam.example', '0x1111111111111111111111111111111111111111']) expect(text).not.toContain(s);
    expect(stored.siteLists).toMatchObject({ v: 1, iv: expect.any(String), data: expect.any(String) });
    expect(stored.setAside).toMatchObject({ v: 1 });
    expect((stored.settings as { dataBaseUrl: string }).dataBaseUrl).toBe('http://127.0.0.1:8787/dev');
  });

  async function open(path: string, scheme: 'light' | 'dark', size?: { width: number; height: number }): Promise<Page> {
    const page = await h.context.newPage();
    if (size) await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${h.origin}/${path}`);
    return page;
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`Options says what needs attention (${scheme}), with 0 axe violations`, async () => {
      const page = await open('options.html', scheme);
      const section = page.locator('section[aria-labelledby="attention-heading"]');
      await section.waitFor();
      await expect.poll(() => section.textContent()).toContain('Vantage was updated; a key kept for the browser session only must be entered again.');
      await expect.poll(() => section.textContent()).toContain('Data API base URL: “http://stats.example.com/dev” was set aside.');
      await screenshot(page, `options-attention-${scheme}`);
      expect(await axeViolations(page, `options attention ${scheme}`)).toEqual([]);
      await page.close();
    });

    it(`the popup at 420 px points to Options (${scheme}), with 0 axe violations`, async () => {
      const page = await open('popup.html', scheme, { width: 420, height: 600 });
      const banner = page.locator('.attention-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Vantage was updated; a key kept for the browser session only must be entered again.');
      expect(await banner.textContent()).toContain('Some of your saved data was set aside');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
      await screenshot(page, `popup-attention-${scheme}`);
      expect(await axeViolations(page, `popup attention ${scheme}`)).toEqual([]);
      await page.close();
    });
  }
});
