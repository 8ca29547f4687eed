/**
 * The sandbox's guards for running on a user's machine, over real HTTP
 * against startSandbox: the Host check (DNS rebinding), who may call it from
 * a browser (CORS, cross-site requests, Private Network Access), the caps on
 * proof sessions and queued proofs, and names from Object.prototype in URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataset, type Dataset } from './dataset/index.ts';
import { createHostCheck } from './host-check.ts';
import { queryParams } from './integration/operations.ts';
import { startSandbox, type Sandbox } from './server.ts';
import type { Prover } from './zk/prover.ts';
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

const HC = '/v3/data/nebula/holders/holder-change';
const WEB = 'https://evil.example';
const EXTENSIONS = ['chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'moz-extension://2c127fa4-62c7-7e4f-90e5-472b45eecfdc'];

const createSession = async (target: Sandbox = sb) => {
  const res = await rawRequest(`${target.integrationBaseUrl}/platform-services/createUrl?web2Id=a&condition=0&scoreId=credit-v1`, { headers: { 'x-apikey': KEY } });
  expect(res.status).toBe(200);
  return (JSON.parse(res.body.toString('utf8')) as { sessionId: string }).sessionId;
};

/** The demo-wallet signer's answer for a fresh session, as a page at `origin` would ask (no Origin: none). */
async function demoSignature(origin: string | undefined, target: Sandbox = sb) {
  const id = await createSession(target);
  const state = await rawRequest(`${target.origin}/proof/${id}/state`);
  const { message } = JSON.parse(state.body.toString('utf8')) as { message: string };
  const [wallet] = ds.demoWallets();
  return rawRequest(`${target.origin}/proof/${id}/demo-signature`, {
    method: 'POST',
    // text/plain: what a cross-site <form> or no-cors fetch can send without a preflight
    headers: { 'content-type': 'text/plain', ...(origin ? { origin } : {}) },
    body: JSON.stringify({ address: wallet!.address, message }),
  });
}

const verify = (origin: string, target: Sandbox = sb) => rawRequest(`${target.integrationBaseUrl}/bank/user/verify`, {
  method: 'POST', headers: { origin, 'x-apikey': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ proof: {} }),
});

const preflight = (origin: string, target: Sandbox = sb, extra: Record<string, string> = {}) => rawRequest(`${target.dataBaseUrl}${HC}`, {
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-apikey', ...extra },
});
const ASK_PNA = { 'access-control-request-private-network': 'true' };

describe('web origins: no CORS, no state changes', { timeout: 60_000 }, () => {
  it('gives a web origin no Access-Control-Allow-Origin, on answers and errors, and says it varies by Origin', async () => {
    for (const key of [KEY, 'wrong']) {
      const res = await rawRequest(`${sb.dataBaseUrl}${HC}`, { headers: { origin: WEB, 'x-apikey': key } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Origin/);
    }
    const vkey = await rawRequest(`${sb.origin}/zk/verification_key.json`, { headers: { origin: WEB } });
    expect(vkey.status).toBe(200);
    expect(vkey.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives no CORS headers without an Origin (Node code, a dApp server)', async () => {
    const res = await rawRequest(`${sb.dataBaseUrl}${HC}`, { headers: { 'x-apikey': KEY } });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([WEB, 'null', 'http://127.0.0.1.evil.example'])('refuses a preflight from %s with 403, without CORS or PNA headers', async (origin) => {
    const res = await preflight(origin, sb, ASK_PNA);
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it.each([WEB, 'null'])('refuses a cross-site POST from %s with 403 { message }, before anything else', async (origin) => {
    const res = await demoSignature(origin);
    expect(res.status).toBe(403);
    expect(messageOf(res)).toMatch(/cross-site/);
    expect((await verify(origin)).status).toBe(403);
  });
});

describe('callers that are never refused', { timeout: 60_000 }, () => {
  it.each(EXTENSIONS)('%s: answered, with its origin echoed for CORS', async (origin) => {
    const get = await rawRequest(`${sb.dataBaseUrl}${HC}`, { headers: { origin, 'x-apikey': KEY } });
    expect(get.status).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe(origin);
    const post = await verify(origin);
    expect(post.status).toBe(200);
    expect(post.headers['access-control-allow-origin']).toBe(origin);
    const pre = await preflight(origin);
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(origin);
    expect(pre.headers['access-control-allow-headers']).toMatch(/x-apikey/);
    expect(pre.headers['access-control-allow-headers']).toMatch(/content-type/);
  });

  it('the proof page on its own origin, by any of the sandbox’s names, and callers without an Origin', async () => {
    const port = new URL(sb.origin).port;
    for (const origin of [sb.origin, `http://localhost:${port}`, undefined]) {
      expect((await demoSignature(origin)).status).toBe(200);
    }
    expect((await demoSignature(`http://localhost:${Number(port) + 1}`)).status).toBe(403);
  });

  it('sends no Private Network Access opt-in unless asked to', async () => {
    const res = await preflight(EXTENSIONS[0]!, sb, ASK_PNA);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-private-network']).toBeUndefined();
  });
});

describe('opted-in web origins (corsOrigins, allowPrivateNetwork)', { timeout: 60_000 }, () => {
  const APP = 'https://app.example';
  let open: Sandbox;
  let pna: Sandbox;

  beforeAll(async () => {
    [open, pna] = await Promise.all([
      startSandbox({ port: 0, dataset: ds, warm: false, apiKeys: [KEY], corsOrigins: [`${APP}/`, 'http://localhost:5173'] }),
      startSandbox({ port: 0, dataset: ds, warm: false, apiKeys: [KEY], corsOrigins: [APP], allowPrivateNetwork: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), pna?.close()]);
  });

  it('echoes an opted-in origin, and only that one', async () => {
    const get = await rawRequest(`${open.dataBaseUrl}${HC}`, { headers: { origin: APP, 'x-apikey': KEY } });
    expect(get.status).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe(APP);
    expect(get.headers.vary).toMatch(/Origin/);
    const other = await rawRequest(`${open.dataBaseUrl}${HC}`, { headers: { origin: 'https://app.example:8443', 'x-apikey': KEY } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets an opted-in origin preflight and POST', async () => {
    const pre = await preflight('http://localhost:5173', open);
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect((await verify(APP, open)).status).toBe(200);
    expect((await demoSignature(APP, open)).status).toBe(200);
    expect((await verify(WEB, open)).status).toBe(403);
  });

  it('answers a Private Network Access preflight only when allowPrivateNetwork is set', async () => {
    expect((await preflight(APP, open, ASK_PNA)).headers['access-control-allow-private-network']).toBeUndefined();
    const res = await preflight(APP, pna, ASK_PNA);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-private-network']).toBe('true');
    expect((await preflight(WEB, pna, ASK_PNA)).headers['access-control-allow-private-network']).toBeUndefined();
  });

  it.each(['*', 'app.example', 'https://app.example/path', 'ftp://app.example'])('refuses corsOrigins entry %s at start', async (entry) => {
    await expect(startSandbox({ port: 0, dataset: ds, warm: false, corsOrigins: [entry] })).rejects.toThrow(/cors-origin/);
  });
});

/**
 * A prover that holds every proof until the test releases it (as failed),
 * and tells when the n-th proof has reached it.
 */
function createHeldProver() {
  const held: (() => void)[] = [];
  const waiters: { n: number; arrived: () => void }[] = [];
  let started = 0;
  const release = () => held.splice(0).forEach((fail) => fail());
  const prover: Prover = {
    prove: () => new Promise((_resolve, reject) => {
      held.push(() => reject(new Error('released by the test')));
      started += 1;
      for (const w of waiters.filter((w) => started >= w.n)) w.arrived();
    }),
    close: async () => release(),
  };
  const reached = (n: number) => new Promise<void>((arrived) => (started >= n ? arrived() : waiters.push({ n, arrived })));
  return { prover, reached, release };
}

/** Signs a session's message with a demo wallet, as the proof page does; the signature's answer. */
async function signIn(target: Sandbox, id: string) {
  const [wallet] = ds.demoWallets();
  const post = (path: string, body: object) => rawRequest(`${target.origin}/proof/${id}/${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const state = await rawRequest(`${target.origin}/proof/${id}/state`);
  const { message } = JSON.parse(state.body.toString('utf8')) as { message: string };
  const signed = await post('demo-signature', { address: wallet!.address, message });
  const { signature } = JSON.parse(signed.body.toString('utf8')) as { signature: string };
  return post('signature', { address: wallet!.address, signature });
}

const phaseOf = async (target: Sandbox, id: string) =>
  (JSON.parse((await rawRequest(`${target.origin}/proof/${id}/state`)).body.toString('utf8')) as { phase: string }).phase;

describe('caps: live sessions and queued proofs', { timeout: 60_000 }, () => {
  it('createUrl past maxSessions: 503 with Retry-After and a message', async () => {
    const capped = await startSandbox({ port: 0, dataset: ds, warm: false, apiKeys: [KEY], maxSessions: 2 });
    try {
      await createSession(capped);
      await createSession(capped);
      const res = await rawRequest(`${capped.integrationBaseUrl}/platform-services/createUrl?web2Id=a&condition=0&scoreId=credit-v1`, { headers: { 'x-apikey': KEY } });
      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(messageOf(res)).toMatch(/live proof sessions, its limit/);
    } finally {
      await capped.close();
    }
  });

  it('a signature past maxProofJobs: 503 with Retry-After, the session unchanged; accepted once a place is free', async () => {
    const held = createHeldProver();
    const busy = await startSandbox({ port: 0, dataset: ds, warm: false, apiKeys: [KEY], maxProofJobs: 1, prover: held.prover });
    try {
      const [first, second] = [await createSession(busy), await createSession(busy)];
      expect((await signIn(busy, first)).status).toBe(200);
      const refused = await signIn(busy, second);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(messageOf(refused)).toMatch(/prover is busy/);
      expect(await phaseOf(busy, second)).toBe('awaiting-wallet');

      await held.reached(1);
      held.release(); // the first proof fails: its place in the queue is free
      expect(await phaseOf(busy, first)).toBe('failed');
      expect((await signIn(busy, second)).status).toBe(200);
      expect(await phaseOf(busy, second)).toBe('proving');
      await held.reached(2);
    } finally {
      held.release();
      await busy.close();
    }
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
