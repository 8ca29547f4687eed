/**
 * The sandbox's guards for running on a user's machine, over real HTTP
 * against startSandbox: the Host check (DNS rebinding) and names from
 * Object.prototype in URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataset, type Dataset } from './dataset/index.ts';
import { createHostCheck } from './host-check.ts';
import { queryParams } from './integration/operations.ts';
import { startSandbox, type Sandbox } from './server.ts';
import { messageOf, rawRequest } from './test-http.ts';

const KEY = 'security-key';
let ds: Dataset;
let sb: Sandbox;

beforeAll(async () => {
  ds = createDataset({ seed: 'security', anchor: '2026-03-01T00:00:00Z', scale: 0.01, days: 30 });
  sb = await startSandbox({ port: 0, dataset: ds, apiKeys: [KEY] });
}, 60_000);

afterAll(async () => {
  await sb?.close();
});

/** A request as a browser sends it to a page's host, whatever that name resolves to. */
const withHost = (host: string, path = '/', init: { method?: string; headers?: Record<string, string> } = {}) =>
  rawRequest(`${sb.origin}${path}`, { ...init, headers: { ...init.headers, host } });

describe('the Host check (DNS rebinding)', { timeout: 60_000 }, () => {
  const port = () => new URL(sb.origin).port;

  it.each(['127.0.0.1', 'localhost', 'LocalHost', '127.8.9.10', '[::1]'])('answers Host %s with the listening port', async (name) => {
    expect((await withHost(`${name}:${port()}`)).status).toBe(200);
  });

  it.each([
    ['a rebinding web name', (p: string) => `evil.example:${p}`],
    ['a loopback name on another port', () => '127.0.0.1:1'],
    ['a name without the port', () => 'evil.example'],
    ['a malformed Host', (p: string) => `evil.example:${p}/x`],
  ])('refuses %s with 421 { message }, on every kind of path', async (_case, host) => {
    for (const [path, method] of [['/', 'GET'], ['/dev/v3/data/nebula/holders/holder-change', 'GET'], ['/zk/verification_key.json', 'GET'],
      ['/proof/assets/proof.js', 'GET'], ['/v1/bank/user/verify', 'POST'], ['/anything', 'OPTIONS']] as const) {
      const res = await withHost(host(port()), path, { method, headers: { 'x-apikey': KEY } });
      expect(res.status).toBe(421);
      expect(messageOf(res)).toMatch(/DNS rebinding/);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers the names added with allowedHosts, with or without a port', async () => {
    const other = await startSandbox({ port: 0, dataset: ds, warm: false, apiKeys: [KEY], allowedHosts: ['Sandbox.Test', 'proxy.test:8443'] });
    try {
      const get = (host: string) => rawRequest(`${other.origin}/`, { headers: { host } }).then((r) => r.status);
      expect(await get('sandbox.test:1234')).toBe(200);
      expect(await get('sandbox.test')).toBe(200);
      expect(await get('proxy.test:8443')).toBe(200);
      expect(await get('proxy.test')).toBe(421);
      expect(await get('evil.example:8443')).toBe(421);
    } finally {
      await other.close();
    }
  });

  it('refuses a malformed allowedHosts entry at start', async () => {
    await expect(startSandbox({ port: 0, dataset: ds, warm: false, allowedHosts: ['https://x.example/'] })).rejects.toThrow(/allowed-host/);
  });

  it('answers the configured host, an IPv6 one in brackets', () => {
    const check = createHostCheck({ port: 8787, host: '::', allowedHosts: [] });
    expect(check('[::]:8787')).toBe(true);
    expect(check('[::1]:8787')).toBe(true);
    expect(check('[::]:8788')).toBe(false);
    expect(createHostCheck({ port: 8787, host: 'devbox.lan' })('devbox.lan:8787')).toBe(true);
    expect(createHostCheck({ port: 80, host: '127.0.0.1' })('localhost')).toBe(true);
    expect(createHostCheck({ port: 8787, host: '127.0.0.1' })(undefined)).toBe(false);
  });
});

describe('names from Object.prototype in a URL are looked up as own properties only', { timeout: 60_000 }, () => {
  const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

  it.each(PROTO_NAMES)('/proof/assets/%s: 404 { message }', async (name) => {
    const res = await rawRequest(`${sb.origin}/proof/assets/${name}`);
    expect(res.status).toBe(404);
    expect(messageOf(res)).toEqual(expect.any(String));
  });

  it.each(PROTO_NAMES)('a data route for project "%s": 404', async (name) => {
    const res = await rawRequest(`${sb.dataBaseUrl}/v3/data/${name}/holders/holder-change`, { headers: { 'x-apikey': KEY } });
    expect(res.status).toBe(404);
  });

  it.each(PROTO_NAMES)('scoreId "%s": 404 for a score, 400 for a session', async (name) => {
    const address = `0x${'ab'.repeat(20)}`;
    const score = await rawRequest(`${sb.integrationBaseUrl}/platform-services/calculateCustomScore/${address}?scoreId=${name}`, { headers: { 'x-apikey': KEY } });
    expect(score.status).toBe(404);
    const session = await rawRequest(`${sb.integrationBaseUrl}/platform-services/createUrl?web2Id=a&condition=1&scoreId=${name}`, { headers: { 'x-apikey': KEY } });
    expect(session.status).toBe(400);
  });

  it('query parameter names become own properties, never inherited ones', () => {
    const params = queryParams(new URL('http://x/?constructor=a&toString=b&__proto__=c&constructor=d'));
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.entries(params)).toEqual([['constructor', 'a'], ['toString', 'b'], ['__proto__', 'c']]);
  });
});
