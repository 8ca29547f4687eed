import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askWorkerFrom, launchExtension, screenshot, type ExtensionHarness } from './harness.ts';

describe('extension smoke', () => {
  let h: ExtensionHarness;
  beforeAll(async () => {
    h = await launchExtension();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('loads with a service worker and a manifest named Vantage', async () => {
    const w = await h.worker();
    expect(w.url()).toBe(`${h.origin}/background.js`);
    const manifest = await w.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.name).toBe('Vantage');
    expect(manifest.manifest_version).toBe(3);
  });

  it('the worker answers a message from an extension page', async () => {
    const page = await h.openPage('popup.html');
    const reply = await askWorkerFrom(page, 'ping');
    expect(reply).toEqual({ ok: true, value: { name: 'Vantage', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) } });
    // Not ours: no answer is forged for foreign messages.
    const unknown = await askWorkerFrom(page, 'no-such-request');
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
    await page.close();
  });

  it('renders the popup and the options page', async () => {
    for (const path of ['popup.html', 'options.html']) {
      const page = await h.openPage(path);
      await expect.poll(() => page.locator('#app').innerText()).not.toBe('');
      await screenshot(page, `smoke-${path.replace('.html', '')}`);
      await page.close();
    }
  });
});
