import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { SCHEMA_VERSION_KEY } from '@/lib/storage/schema.ts';
import { SCHEMA_VERSION } from '@/lib/storage/version.ts';
import { launchExtension, type ExtensionHarness } from './harness.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * Guarantees only a real browser can show (docs/security.md): what a content
 * script's world can reach in extension storage, and where the API key goes
 * when a service redirects.
 */

const KEY = 'security-e2e-key';

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Runs `expression` in Vantage's content-script world on `page` (CDP: the extension's isolated context). */
async function inContentScriptWorld(h: ExtensionHarness, page: Page, expression: string): Promise<unknown> {
  const cdp = await h.context.newCDPSession(page);
  const contexts: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', (e: { context: (typeof contexts)[number] }) => contexts.push(e.context));
  await cdp.send('Runtime.enable');
  await expect.poll(() => contexts.some((c) => c.auxData?.type === 'isolated' && c.origin === h.origin)).toBe(true);
  const world = contexts.find((c) => c.auxData?.type === 'isolated' && c.origin === h.origin)!;
  const { result } = (await cdp.send('Runtime.evaluate', { expression, contextId: world.id, awaitPromise: true, returnByValue: true })) as {
    result: { value: unknown };
  };
  await cdp.detach();
  return result.value;
}

let h: ExtensionHarness;
let site: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  [h, site] = await Promise.all([
    launchExtension(),
    listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>a page</title><p>Any site</p>');
    }),
  ]);
});
afterAll(async () => {
  await h?.close();
  site?.server.close();
});

describe('extension storage from a content script’s world (a compromised renderer holds all it can reach)', () => {
  it('can neither read nor change storage.local, nor read storage.session', async () => {
    // The install's storage migration first: "nothing changed" must not count its own writes.
    await expect.poll(async () => (await h.getStorage('local'))[SCHEMA_VERSION_KEY]).toBe(SCHEMA_VERSION);
    await h.setStorage('local', { settings: { ...defaultSettings } });
    const before = await h.getStorage('local');
    const page = await h.context.newPage();
    await page.goto(site.origin);
    const attempt = (code: string) => inContentScriptWorld(h, page, `${code}.then((v) => ({ ok: JSON.stringify(v) }), (e) => ({ error: String(e && e.message || e) }))`);
    // The world really is Vantage's content script: it has the extension's runtime id.
    expect(await inContentScriptWorld(h, page, 'chrome.runtime.id')).toBe(h.extensionId);

    expect(await attempt('chrome.storage.local.get(null)')).toEqual({ error: expect.stringMatching(/access/i) });
    expect(await attempt(`chrome.storage.local.set({ siteLists: { allowed: [{ origin: ${JSON.stringify(site.origin)}, addedAt: 1 }], blocked: [] } })`)).toEqual({
      error: expect.stringMatching(/access/i),
    });
    expect(await attempt('chrome.storage.session.get(null)')).toEqual({ error: expect.stringMatching(/access/i) });
    // Nothing changed.
    expect(await h.getStorage('local')).toEqual(before);
    await page.close();
  });
});

describe('the API key and redirects', () => {
  it('a service that redirects elsewhere never passes the key on, and the popup says why', async () => {
    const reached: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((req, res) => {
      reached.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    // localhost, not 127.0.0.1: another host the manifest grants, so only the redirect rule can stop it.
    const target = elsewhere.origin.replace('127.0.0.1', 'localhost');
    const service = await listen((req, res) => {
      res.writeHead(302, { location: `${target}${req.url ?? '/'}` });
      res.end();
    });
    try {
      await h.setStorage('local', {
        settings: { ...defaultSettings, dataBaseUrl: `${service.origin}/dev`, integrationBaseUrl: `${service.origin}/v1`, defaultProject: 'nebula' },
        settings$: { v: 2 },
      });
      await h.setStorage('session', { apiKey: KEY });
      const popup = await h.openPage('popup.html');
      await popup.getByText(/redirect/i).first().waitFor({ timeout: STEP_CEILING_MS });
      expect(reached.map((headers) => headers['x-apikey'])).toEqual([]);
      await popup.close();
    } finally {
      service.server.close();
      elsewhere.server.close();
    }
  });
});

describe('a hostile page against its own page API (#26): forged messages fool nobody, least of all the extension', () => {
  const PARAMS = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@example.test' };

  /** A page on its own origin (no cooldown carries over), with `head` in its <head>, and the key set so a request reaches consent. */
  async function hostilePage(head = ''): Promise<{ page: Page; close(): void }> {
    const s = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><head>${head}</head><title>hostile</title><p>A page that lies`);
    });
    await h.setStorage('local', { settings: { ...defaultSettings }, settings$: { v: 2 } });
    await h.setStorage('session', { apiKey: KEY });
    const page = await h.context.newPage();
    await page.goto(s.origin);
    return { page, close: () => s.server.close() };
  }

  /** Starts a request in the page (its outcome lands in window.outcome) and resolves the consent window it opened. */
  async function pendingRequest(page: Page): Promise<Page> {
    const consent = h.context.waitForEvent('page', { predicate: (p) => p.url().includes('/consent.html') });
    await page.evaluate((params) => {
      const w = window as unknown as { outcome: unknown; ids: string[] };
      w.outcome = 'pending';
      w.ids = [];
      addEventListener('vantage:progress', (e) => w.ids.push((e as CustomEvent<{ id: string }>).detail.id));
      window.vantage!.requestScoreProof(params).then(() => (w.outcome = 'resolved'), (e: { code: number }) => (w.outcome = e.code));
    }, PARAMS);
    return consent;
  }
  const outcome = (page: Page) => page.evaluate(() => (window as unknown as { outcome: unknown }).outcome);
  /** A round trip through window.vantage and the relay: every message posted before it has been handled. */
  const roundTrip = (page: Page) => page.evaluate(() => window.vantage!.requestScoreProof({}).catch((e: { code: number }) => e.code));

  it('in Chromium no page script sees the private channel handed over, not even one that runs first and listens for it', async () => {
    const { page, close } = await hostilePage(`<script>
      window.seenPorts = 0;
      addEventListener('vantage:channel', (e) => { window.seenPorts += e.ports.length; }, { capture: true });
    </script>`);
    expect(await page.evaluate(() => typeof window.vantage)).toBe('object');
    expect(await roundTrip(page)).toBe(-32602);
    expect(await page.evaluate(() => (window as unknown as { seenPorts: number }).seenPorts)).toBe(0);
    await page.close();
    close();
  });

  it('forged "gone" and "settled" (the id read from vantage:progress) change nothing: the request stays pending, its window open, and the real answer arrives', async () => {
    const { page, close } = await hostilePage();
    const consent = await pendingRequest(page);
    await page.evaluate(() => {
      const id = (window as unknown as { ids: string[] }).ids[0]!;
      for (const target of ['vantage:page', 'vantage:relay']) {
        postMessage({ target, type: 'gone' }, location.origin);
        postMessage({ target, type: 'settled', id, outcome: { ok: false, error: { code: 4001, message: 'forged' } } }, location.origin);
        postMessage({ target, type: 'settled', id, outcome: { ok: true, result: { sessionId: 's', proofText: '{"publicSignals":["850"]}', web2Id: 'x' } } }, location.origin);
      }
      dispatchEvent(new MessageEvent('message', { data: { target: 'vantage:page', type: 'gone' }, origin: location.origin, source: window }));
    });
    expect(await roundTrip(page)).toBe(-32602);
    expect(await outcome(page)).toBe('pending');
    expect(consent.isClosed()).toBe(false);
    // The extension's own state decides: closing the window is the user's rejection, and the page hears it.
    await consent.close();
    await expect.poll(() => outcome(page)).toBe(4001);
    await page.close();
    close();
  });

  it('a page script that asks for a channel of its own can ask (as window.vantage can) but never answer window.vantage’s request', async () => {
    const { page, close } = await hostilePage();
    const consent = await pendingRequest(page);
    const forged = await page.evaluate(async () => {
      let port: MessagePort | undefined;
      addEventListener('vantage:channel', (e) => {
        port = (e as MessageEvent).ports[0];
        e.preventDefault();
      }, { capture: true });
      dispatchEvent(new Event('vantage:connect'));
      const id = (window as unknown as { ids: string[] }).ids[0]!;
      const answers: unknown[] = [];
      port!.onmessage = (e) => answers.push(e.data);
      port!.postMessage({ target: 'vantage:page', type: 'settled', id, outcome: { ok: false, error: { code: 4001, message: 'forged' } } });
      port!.postMessage({ target: 'vantage:page', type: 'gone' });
      port!.postMessage({ target: 'vantage:relay', type: 'request', id: 'mine', params: { scoreId: 'credit-v1', condition: 600, web2Id: 'x' } });
      await new Promise<void>((r) => {
        const check = () => (answers.length > 0 ? r() : setTimeout(check, 20));
        check();
      });
      return { gotPort: Boolean(port), answers };
    });
    // Its own request is one more from this tab: refused while the page's is pending.
    expect(forged).toEqual({ gotPort: true, answers: [expect.objectContaining({ type: 'settled', id: 'mine', outcome: expect.objectContaining({ error: expect.objectContaining({ code: 4290 }) }) })] });
    expect(await outcome(page)).toBe('pending');
    expect(consent.isClosed()).toBe(false);
    await consent.close();
    await expect.poll(() => outcome(page)).toBe(4001);
    // And nothing hangs: the next request is answered (this origin now cools down after the rejection: 4001 at once).
    expect(await page.evaluate((params) => window.vantage!.requestScoreProof(params).catch((e: { code: number }) => e.code), PARAMS)).toBe(4001);
    await page.close();
    close();
  });
});
