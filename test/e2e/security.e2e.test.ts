import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { launchExtension, type ExtensionHarness } from './harness.ts';

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
    await h.setStorage('local', { settings: { ...defaultSettings }, settings$: { v: 2 } });
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
      await popup.getByText(/redirect/i).first().waitFor({ timeout: 20_000 });
      expect(reached.map((headers) => headers['x-apikey'])).toEqual([]);
      await popup.close();
    } finally {
      service.server.close();
      elsewhere.server.close();
    }
  });
});
