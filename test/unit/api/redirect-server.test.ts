// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { testConnection } from '@/lib/settings/connection.ts';

/**
 * The reproduction of #13.2 over real HTTP with Node's own fetch: the service
 * answers 302/307 towards a second server (another origin), which records
 * every request it gets. It must never get one, least of all with the key.
 */

const KEY = 'redirect-test-key';

async function serve(handler: RequestListener): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let service: { server: Server; origin: string };
let elsewhere: { server: Server; origin: string };
const reachedElsewhere: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  elsewhere = await serve((req, res) => {
    reachedElsewhere.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"whales":1,"normalWallets":2,"forgottenWallets":3,"valid":true}');
  });
  // 307 keeps a POST a POST (with its body), the worst case; GETs get the everyday 302.
  service = await serve((req, res) => {
    res.writeHead(req.method === 'POST' ? 307 : 302, { location: `${elsewhere.origin}${req.url}` }).end();
  });
});

afterAll(async () => {
  for (const { server } of [service, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  reachedElsewhere.length = 0;
});

describe('a redirect from the service, over real HTTP', () => {
  it('the client stops at it with a clear error; the other host never hears from it', async () => {
    const client = new ApiClient({
      apiKey: KEY,
      dataBaseUrl: `${service.origin}/dev`,
      integrationBaseUrl: `${service.origin}/v1`,
      backoff: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
    });
    const get = await client.call('tokenBalanceDistribution', { project_id: 'nebula' }).catch((e: unknown) => e);
    const post = await client.call('verifyProof', { proof: { publicSignals: ['1'] } }).catch((e: unknown) => e);
    // Followed, each request would arrive there carrying the key: [KEY, KEY].
    expect(reachedElsewhere.map((h) => h['x-apikey'])).toEqual([]);
    expect(get).toBeInstanceOf(ApiError);
    expect(get).toMatchObject({ kind: 'redirected', status: 302 });
    expect(post).toMatchObject({ kind: 'redirected', status: 307 });
  });

  it('so does Test connection', async () => {
    const verdict = await testConnection({
      dataBaseUrl: `${service.origin}/dev`,
      integrationBaseUrl: `${service.origin}/v1`,
      defaultProject: 'nebula',
      apiKey: KEY,
    }, async () => true);
    expect(reachedElsewhere.map((h) => h['x-apikey'])).toEqual([]);
    expect(verdict).toMatchObject({ status: 'wrong-base', ok: false, message: expect.stringContaining('redirect (HTTP 302)') });
  });
});
