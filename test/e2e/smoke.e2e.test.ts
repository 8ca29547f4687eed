import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askWorkerFrom, EXTENSION_DIR, launchExtension, screenshot, type ExtensionHarness } from './harness.ts';
import { builtId } from './builds.ts';
import pkg from '@/package.json' with { type: 'json' };

describe('extension smoke', () => {
  let h: ExtensionHarness;
  beforeAll(async () => {
    h = await launchExtension();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('loads with a service worker and a manifest named Vantage, with package.json\'s version', async () => {
    const w = await h.worker();
    expect(w.url()).toBe(`${h.origin}/background.js`);
    const manifest = await w.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.name).toBe('Vantage');
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe(pkg.version);
  });

  it('the worker answers a message from an extension page', async () => {
    const page = await h.openPage('popup.html');
    const reply = await askWorkerFrom(page, 'ping');
    // Replies to Vantage's own pages name the worker's build: this one's.
    expect(reply).toEqual({ ok: true, value: { name: 'Vantage', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) }, build: await builtId(EXTENSION_DIR) });
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

  it('loads the popup\'s first paint as one script and one stylesheet, which no other page loads', async () => {
    const html = await readFile(join(EXTENSION_DIR, 'popup.html'), 'utf8');
    const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const styles = [...html.matchAll(/rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(preloads).toEqual([]);
    expect(styles).toHaveLength(1);
    // Its one script renders the popup: no other page may load it, or that page would render the popup too.
    expect(await readFile(join(EXTENSION_DIR, scripts[0]!), 'utf8')).toContain('getElementById("app")');
    for (const page of ['options.html', 'dashboard.html', 'score.html', 'consent.html']) {
      const other = await readFile(join(EXTENSION_DIR, page), 'utf8');
      for (const file of [...scripts, ...styles]) expect(other, page).not.toContain(file);
    }

    const options = await h.openPage('options.html');
    await expect.poll(() => options.locator('#app').innerText()).not.toBe('');
    expect(await options.getByRole('tablist', { name: 'Vantage' }).count()).toBe(0);
    await options.close();
  });
});
