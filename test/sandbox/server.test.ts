/** The sandbox's HTTP behaviour: auth, errors, encoding, stage prefix, CLI flags (CORS and other guards: security.test.ts). */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyStore, DEFAULT_API_KEY } from './auth.ts';
import { parseCli, run } from './cli.ts';
import { createDataset, type Dataset } from './dataset/index.ts';
import { startSandbox, type Sandbox } from './server.ts';
import { rawRequest } from './test-http.ts';

let ds: Dataset;
let sb: Sandbox;

beforeAll(async () => {
  ds = createDataset({ seed: 'http', anchor: '2026-03-01T00:00:00Z', scale: 0.01, days: 60 });
  sb = await startSandbox({ port: 0, dataset: ds, apiKeys: ['key-one', 'key-two'] });
}, 60_000);

afterAll(async () => {
  await sb?.close();
});

async function call(path: string, init: RequestInit & { key?: string | null } = {}) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.key !== null) headers['x-apikey'] = init.key ?? 'key-one';
  const res = await fetch(`${sb.dataBaseUrl}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const HC = '/v3/data/nebula/holders/holder-change';

describe('authentication', { timeout: 60_000 }, () => {
  it('answers 200 with any configured key', async () => {
    expect((await call(HC)).status).toBe(200);
    expect((await call(HC, { key: 'key-two' })).status).toBe(200);
    expect(sb.apiKey).toBe('key-one');
  });

  it('missing key: 401 with a message', async () => {
    const r = await call(HC, { key: null });
    expect(r.status).toBe(401);
    expect(r.json?.message).toMatch(/x-apikey/);
  });

  it('unknown key: 401 with a message that does not echo it', async () => {
    const r = await call(HC, { key: 'not-a-key-xyz' });
    expect(r.status).toBe(401);
    expect(typeof r.json?.message).toBe('string');
    expect(r.text).not.toContain('not-a-key-xyz');
  });

  it('auth is checked before the project and the parameters', async () => {
    expect((await call('/v3/data/nope/holders/holder-change?startTime=x', { key: null })).status).toBe(401);
  });

  it('the key store keeps hashes only and compares them', () => {
    const store = createKeyStore(['abc']);
    expect(store.check('abc')).toBe(true);
    expect(store.check('abd')).toBe(false);
    expect(store.check('')).toBe(false);
    expect(JSON.stringify(store)).not.toContain('abc');
  });
});

describe('errors', { timeout: 60_000 }, () => {
  it('unknown project: 404 { message }', async () => {
    const r = await call('/v3/data/orbit/dapp-users/daily-users');
    expect(r.status).toBe(404);
    expect(r.json?.message).toMatch(/orbit/);
  });

  it('unknown path: 404 { message }', async () => {
    const r = await call('/v3/data/nebula/holders/nothing-here');
    expect(r.status).toBe(404);
    expect(typeof r.json?.message).toBe('string');
  });

  const bad: [string, string][] = [
    [`${HC}?startTime=yesterday`, 'startTime'],
    [`${HC}?endTime=1.5`, 'endTime'],
    ['/v3/data/nebula/dapp-users/daily-users?startTime=-5', 'startTime'],
    ['/v3/data/nebula/dapp-users/daily-users?endTime=99999999999', 'endTime'],
    [`${HC}?startTime=1700000000&endTime=1600000000`, 'startTime'],
    [`${HC}?startTime=1000000000&endTime=1700000000`, 'startTime'],
    [`${HC}?chainId=8453`, 'chainId'],
    [`${HC}?tokenId=tdl`, 'tokenId'],
    ['/v3/data/nebula/dapp-users/daily-users?dapp=tidal-perps', 'dapp'],
    ['/v3/data/nebula/dapp-users/daily-users?contract=0x123', 'contract'],
    [`/v3/data/nebula/dapp-users/daily-users?contract=0x${'1'.repeat(40)}`, 'contract'],
    ['/v3/data/nebula/dapp-users/daily-actions?limit=-1', 'limit'],
    ['/v3/data/nebula/dapp-users/daily-actions?limit=ten', 'limit'],
    ['/v3/data/nebula/socials/traffic-share?limit=2.5', 'limit'],
    ['/v3/data/nebula/holders/prominent-balance?type=whale', 'type'],
    ['/v3/data/nebula/holders/token-balance-distribution?fwBalance=-3', 'fwBalance'],
    ['/v3/data/nebula/holders/token-balance-distribution?fwDays=1.5', 'fwDays'],
    ['/v3/data/nebula/holders/token-balance-distribution?whaleBalance=lots', 'whaleBalance'],
    ['/v3/data/nebula/cdp-users/retention?timeRange=0', 'timeRange'],
    ['/v3/data/nebula/cdp-users/retention?unitTimeRange=year', 'unitTimeRange'],
    ['/v3/data/nebula/cdp-users/retention?timeGap=hour', 'timeGap'],
    ['/v3/data/nebula/cdp-users/retention?eventName=nebula,nobody', 'eventName'],
  ];
  for (const [path, param] of bad) {
    it(`bad ${param}: 400 naming it (${path.split('/').pop()})`, async () => {
      const r = await call(path);
      expect(r.status).toBe(400);
      expect(r.json?.message).toContain(`"${param}"`);
    });
  }

  it('a DApp and a contract of another DApp: 400 naming the contract', async () => {
    const swap = ds.getProject('nebula')!.contracts.find((c) => c.dapp === 'nebula-swap')!.address;
    const r = await call(`/v3/data/nebula/dapp-users/daily-users?dapp=nebula-lend&contract=${swap}`);
    expect(r.status).toBe(400);
    expect(r.json?.message).toContain('"contract"');
  });

  it('empty parameters mean unset, as the service\'s own web client sends them', async () => {
    expect((await call(`${HC}?chainId=&startTime=&endTime=&tokenId=`)).status).toBe(200);
  });

  it('unknown parameters are ignored', async () => {
    expect((await call(`${HC}?utm_source=x`)).status).toBe(200);
  });

  it('web analytics missing: 422 with a message saying so', async () => {
    for (const path of ['/v3/data/quartz/cdp-users/distribution-by-countries', '/v3/data/quartz/socials/traffic-share']) {
      const r = await call(path);
      expect(r.status).toBe(422);
      expect(r.json?.message).toMatch(/web-analytics integration/);
    }
    expect((await call('/v3/data/tidal/socials/traffic-share')).status).toBe(200);
  });

  it('a data endpoint answers GET only', async () => {
    const r = await call(HC, { method: 'POST', body: '{}' });
    expect(r.status).toBe(405);
    expect(typeof r.json?.message).toBe('string');
  });
});

describe('encoding', { timeout: 60_000 }, () => {
  const raw = (encoding?: string) => rawRequest(`${sb.dataBaseUrl}/v3/data/nebula/holders/event-transfer-distribution`, {
    headers: { 'x-apikey': 'key-one', ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

  it('gzips large answers for clients that accept it, and only for them', async () => {
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString('utf8'))).toBeTypeOf('object');
  });
});

describe('configuration', { timeout: 60_000 }, () => {
  it('serves under a configurable stage prefix, and reports its base URLs', async () => {
    const other = await startSandbox({ port: 0, dataset: ds, prefix: 'stag', apiKeys: ['k'] });
    try {
      expect(other.dataBaseUrl).toBe(`${other.origin}/stag`);
      expect(other.integrationBaseUrl).toBe(`${other.origin}/v1`);
      const ok = await fetch(`${other.dataBaseUrl}${HC}`, { headers: { 'x-apikey': 'k' } });
      expect(ok.status).toBe(200);
      const wrongStage = await fetch(`${other.origin}/dev${HC}`, { headers: { 'x-apikey': 'k' } });
      expect(wrongStage.status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('defaults to the documented dev key, or SANDBOX_API_KEY', async () => {
    const before = process.env.SANDBOX_API_KEY;
    delete process.env.SANDBOX_API_KEY;
    const a = await startSandbox({ port: 0, dataset: ds, warm: false });
    process.env.SANDBOX_API_KEY = 'from-env';
    const b = await startSandbox({ port: 0, dataset: ds, warm: false });
    if (before === undefined) delete process.env.SANDBOX_API_KEY;
    else process.env.SANDBOX_API_KEY = before;
    try {
      expect(a.apiKey).toBe(DEFAULT_API_KEY);
      expect(DEFAULT_API_KEY).toBe('vantage-sandbox-demo-key');
      expect(a.dataBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dev$/);
      expect(b.apiKey).toBe('from-env');
      expect((await fetch(`${b.dataBaseUrl}${HC}`, { headers: { 'x-apikey': 'from-env' } })).status).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('CLI flags and environment', () => {
    expect(parseCli([], {})).toMatchObject({ port: 8787, host: '127.0.0.1', prefix: '/dev', apiKey: DEFAULT_API_KEY });
    expect(parseCli(['--port', '9000', '--host', '0.0.0.0', '--prefix', '/stag', '--api-key', 'k', '--seed', 's', '--anchor', '2026-01-01'], {}))
      .toMatchObject({ port: 9000, host: '0.0.0.0', prefix: '/stag', apiKey: 'k', seed: 's', anchor: '2026-01-01' });
    expect(parseCli([], { SANDBOX_API_KEY: 'env-key', SANDBOX_PORT: '8888' })).toMatchObject({ apiKey: 'env-key', port: 8888 });
    expect(() => parseCli(['--port', 'x'], {})).toThrow(/port/);
    expect(() => parseCli(['--bogus'], {})).toThrow();
    expect(parseCli([], {}).allowedHosts).toEqual([]);
    expect(parseCli(['--allowed-host', 'devbox.lan', '--allowed-host', 'proxy.test:8443'], {}).allowedHosts)
      .toEqual(['devbox.lan', 'proxy.test:8443']);
    expect(() => parseCli(['--allowed-host', 'http://x/'], {})).toThrow(/allowed-host/);
    expect(parseCli([], {})).toMatchObject({ corsOrigins: [], allowPrivateNetwork: false });
    expect(parseCli(['--cors-origin', 'https://a.example/', '--cors-origin', 'http://localhost:5173', '--allow-private-network'], {}))
      .toMatchObject({ corsOrigins: ['https://a.example', 'http://localhost:5173'], allowPrivateNetwork: true });
    expect(() => parseCli(['--cors-origin', '*'], {})).toThrow(/cors-origin/);
  });

  it('CLI: the example dApp’s port (--dapp-port, DAPP_PORT), none for a throwaway --port 0 unless asked, --no-dapp', () => {
    expect(parseCli([], {}).dappPort).toBe(8790);
    expect(parseCli(['--dapp-port', '9100'], {}).dappPort).toBe(9100);
    expect(parseCli([], { DAPP_PORT: '9200' }).dappPort).toBe(9200);
    expect(parseCli(['--port', '0'], {}).dappPort).toBeNull();
    expect(parseCli(['--port', '0', '--dapp-port', '0'], {}).dappPort).toBe(0);
    expect(parseCli(['--no-dapp'], {}).dappPort).toBeNull();
    expect(() => parseCli(['--dapp-port', 'x'], {})).toThrow(/dapp-port/);
    expect(() => parseCli(['--dapp-port', '70000'], {})).toThrow(/dapp-port/);
  });

  it('CLI: starts the service and the example dApp on the ports asked, and prints both addresses', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    let running: Awaited<ReturnType<typeof run>> | undefined;
    try {
      running = await run(['--port', '0', '--dapp-port', '0', '--scale', '0.01']);
      const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
      expect(running.dappOrigin).toMatch(/^http:\/\/dapp\.localhost:\d+$/);
      expect(printed).toContain(`  service:              ${running.origin}`);
      expect(printed).toContain(`  example dApp:         ${running.dappOrigin}`);
      // Both answer (the dApp's name resolves to the loopback address in browsers; Node is given it).
      const dapp = new URL(running.dappOrigin!);
      dapp.hostname = '127.0.0.1';
      expect((await fetch(dapp)).status).toBe(200);
      expect((await fetch(`${running.origin}/zk/verification_key.json`)).status).toBe(200);
    } finally {
      log.mockRestore();
      await running?.close();
    }
  }, 60_000);
});
