import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '@/package.json' with { type: 'json' };
import { FIREFOX_EXTENSION_DIR, launchFirefox, type FirefoxDriver } from './driver/firefox.ts';
import { builtId } from './builds.ts';
import { printExtensionErrorsOnFailure } from './driver/report.ts';
import { selfSignedCert, servePage, type HttpsSite } from './https-site.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The Firefox driver itself, one method at a time, against the built
 * Firefox extension: what the shared scenarios rely on.
 */

const DAPP_HOST = 'dapp.vantage.test';
const WALLET_HOST = 'wallet.vantage.test';
// Anvil's first well-known test key: a throwaway account, never funded anywhere real.

/** Records the extension's announcement, whenever it comes (docs/page-api.md, "Finding the extension"). */
const ANNOUNCE_PAGE = `<!doctype html><title>dApp</title><body><h1>A dApp</h1><script>
  window.addEventListener('vantage:announce', (e) => { document.body.dataset.announced = JSON.stringify(e.detail); });
  window.dispatchEvent(new Event('vantage:request'));
</script></body>`;

/** Notes whether a provider existed when the page's first script ran. */
const WALLET_PAGE = `<!doctype html><title>proof page</title><body><h1>A proof page</h1><script>
  document.body.dataset.providerAtFirstScript = typeof window.ethereum;
</script></body>`;


describe('Firefox driver', () => {
  let ff: FirefoxDriver;
  let dapp: HttpsSite;
  let walletSite: HttpsSite;

  beforeAll(async () => {
    const tls = await selfSignedCert([DAPP_HOST, WALLET_HOST]);
    [ff, dapp, walletSite] = await Promise.all([
      launchFirefox({ extensionDir: FIREFOX_EXTENSION_DIR, hosts: [DAPP_HOST, WALLET_HOST] }),
      servePage(DAPP_HOST, tls, ANNOUNCE_PAGE),
      servePage(WALLET_HOST, tls, WALLET_PAGE),
    ]);
  });
  afterAll(async () => {
    await ff?.close();
    await Promise.all([dapp?.close(), walletSite?.close()]);
  });
  printExtensionErrorsOnFailure(() => ff);

  it('installs the Firefox build under its pinned moz-extension origin, with package.json\'s version', async () => {
    expect(ff.extensionOrigin).toMatch(/^moz-extension:\/\/[0-9a-f-]{36}$/);
    const origin = await ff.inExtension(() => location.origin);
    expect(origin).toBe(ff.extensionOrigin);
    const manifest = await ff.inExtension(() => browser.runtime.getManifest());
    expect(manifest).toMatchObject({ name: 'Vantage', manifest_version: 2, version: pkg.version });
  });

  it('opens the popup and the options page, which render', async () => {
    for (const path of ['popup.html', 'options.html']) {
      const page = await ff.openExtensionPage(path);
      expect(await page.url()).toBe(`${ff.extensionOrigin}/${path}`);
      await expect.poll(() => page.evaluate(() => document.getElementById('app')?.innerText.trim() ?? '')).not.toBe('');
      await page.screenshot(`driver-${path.replace('.html', '')}`);
      await page.close();
      expect(page.isClosed()).toBe(true);
    }
  });

  it('exchanges a message with the background, and reads and writes extension storage', async () => {
    // Replies to Vantage's own pages name the worker's build: this one's.
    expect(await ff.askWorker('ping')).toEqual({ ok: true, value: { name: 'Vantage', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) }, build: await builtId(FIREFOX_EXTENSION_DIR) });
    await ff.setStorage('session', { e2eMarker: 'kept' });
    expect(await ff.getStorage('session')).toMatchObject({ e2eMarker: 'kept' });
  });

  it('opens an https page on a made-up host, where window.vantage announces itself', async () => {
    const page = await ff.open(`${dapp.origin}/`);
    expect(await page.url()).toBe(`${dapp.origin}/`);
    await page.waitFor('body[data-announced]');
    const detail: unknown = JSON.parse((await page.attr('body', 'data-announced'))!);
    // EIP-6963 provider info plus the page API's version (docs/page-api.md).
    expect(detail).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Vantage',
      icon: expect.stringMatching(/^data:image\/svg\+xml,/),
      rdns: 'app.vantage',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    });
    expect(await page.evaluate(() => typeof (window as unknown as { vantage?: { requestScoreProof?: unknown } }).vantage?.requestScoreProof)).toBe('function');
    await page.close();
  });

  it('navigates a tab and brings a background tab to the front', async () => {
    const first = await ff.open(`${dapp.origin}/first`);
    const second = await ff.open(`${walletSite.origin}/second`);
    const visibility = (p: typeof first) => p.evaluate(() => document.visibilityState);
    expect([await visibility(first), await visibility(second)]).toEqual(['hidden', 'visible']);
    await first.bringToFront();
    await expect.poll(() => visibility(first)).toBe('visible');
    expect(await visibility(second)).toBe('hidden');
    await second.goto(`${dapp.origin}/third`);
    expect(await second.url()).toBe(`${dapp.origin}/third`);
    await Promise.all([first.close(), second.close()]);
  });

  it('sees the next window the extension opens, and when it closes', async () => {
    const next = ff.nextPage(/\/score\.html\?noAddress=1$/);
    await ff.inExtension(() => browser.windows.create({ url: '/score.html?noAddress=1', type: 'popup', width: 420, height: 680 }));
    const page = await next;
    expect(await page.text('[role="status"]')).toMatch(/holds no 0x address/);
    const popups = () => ff.inExtension(async () => (await browser.windows.getAll()).filter((w) => w.type === 'popup').length);
    expect(await popups()).toBe(1);
    await page.close();
    expect(await popups()).toBe(0);

    // A window that closes itself.
    const again = ff.nextPage(/\/score\.html\?noAddress=2$/);
    await ff.inExtension(() => browser.windows.create({ url: '/score.html?noAddress=2', type: 'popup' }));
    const self = await again;
    await self.evaluate(() => setTimeout(() => window.close(), 50));
    await self.waitForClose();
    expect(self.isClosed()).toBe(true);
  });

  it('types into fields and clicks as a user does', async () => {
    const page = await ff.openExtensionPage('options.html');
    await page.fill('#dataBaseUrl', 'https://typed.example/dev');
    expect(await page.evaluate(() => (document.getElementById('dataBaseUrl') as HTMLInputElement).value)).toBe('https://typed.example/dev');
    expect(await page.text('.save-note')).toBe('Unsaved changes.');
    await page.fill('#dataBaseUrl', '');
    expect(await page.evaluate(() => (document.getElementById('dataBaseUrl') as HTMLInputElement).value)).toBe('');
    expect(await page.attr('#apiKey', 'type')).toBe('password');
    await page.click('button[aria-label="Show API key"]');
    expect(await page.attr('#apiKey', 'type')).toBe('text');
    await page.close();
  });

  it('stops the background as Firefox does an idle one; a message starts a fresh one, storage.session survives', async () => {
    // The background's global scope, as its own page (Firefox keeps getBackgroundPage for event pages).
    const marker = () => ff.inExtension(async () => (await (browser.runtime.getBackgroundPage() as Promise<Window & { e2eMarker?: string }>)).e2eMarker);
    await ff.inExtension(async () => {
      (await (browser.runtime.getBackgroundPage() as Promise<Window & { e2eMarker?: string }>)).e2eMarker = 'old scope';
    });
    expect(await marker()).toBe('old scope');
    expect(await ff.backgroundState()).toBe('running');

    const closeHelper = await ff.stopBackground();
    expect(await ff.backgroundState()).toBe('stopped');
    expect(await ff.askWorker('ping')).toMatchObject({ ok: true });
    expect(await ff.backgroundState()).toBe('running');
    expect(await marker()).toBeUndefined();
    expect(await ff.getStorage('session')).toMatchObject({ e2eMarker: 'kept' });
    await closeHelper();
  });

  it('after stopBackground, an alarm alone starts the background again', async () => {
    // A background stopped while its own start is still under way (the case before started a fresh one) can be
    // woken again by what that start did (a storage write or an alarm set: events Firefox has primed listeners
    // for). Stop it until it stays stopped for a second, so that what starts it next is the alarm.
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (const until = Date.now() + STEP_CEILING_MS; ;) {
      const state = await ff.backgroundState();
      if (state === 'running') await ff.stopBackground();
      else if (state === 'stopped') {
        // Nothing signals that nothing more will wake it: watch it stay stopped for a second.
        await pause(1000);
        if ((await ff.backgroundState()) === 'stopped') break;
      } else await pause(100);
      if (Date.now() > until) throw new Error(`The background did not stay stopped (${state}).`);
    }
    await ff.inExtension(() => browser.alarms.create('vantage-e2e-wake', { when: Date.now() + 500 }));
    await expect.poll(() => ff.backgroundState(), { timeout: STEP_CEILING_MS }).toBe('running');
  });

  it('collects what the extension logs: uncaught errors, and Vantage console errors', async () => {
    await ff.inExtension(() => {
      setTimeout(() => {
        throw new Error('e2e uncaught marker');
      });
      console.error('Vantage: e2e console marker');
    });
    await expect.poll(() => ff.extensionErrors().join('\n')).toMatch(new RegExp(`error ${ff.extensionOrigin}/manifest.json:\\d+ Error: e2e uncaught marker`));
    await expect.poll(() => ff.extensionErrors().join('\n')).toMatch(/console\.error: .*Vantage: e2e console marker/);
  });
});
