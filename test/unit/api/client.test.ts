import { describe, expect, it, vi } from 'vitest';
import { ApiClient, type ClientConfig } from '@/lib/api/client.ts';
import { ApiError, asRefusal, describeError } from '@/lib/api/errors.ts';

const KEY = 'k-secret-123';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  redirect?: RequestRedirect;
}

/** A scripted fetch: answers in order and records what was sent. */
function scripted(...answers: (Response | Error | (() => Promise<Response>))[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
      redirect: init?.redirect,
    });
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });

function client(fetch: typeof globalThis.fetch, extra: Partial<ClientConfig> = {}) {
  const sleeps: number[] = [];
  const c = new ApiClient({
    apiKey: KEY,
    dataBaseUrl: 'https://api.example.com/dev',
    integrationBaseUrl: 'https://int.example.com/v1',
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    now: () => 1_700_000_000_000,
    ...extra,
  });
  return { c, sleeps };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('ApiClient', () => {
  it('sends x-apikey and accept headers, no credentials, and returns the JSON body', async () => {
    const { fetch, sent } = scripted(json({ whales: 1, normalWallets: 2, forgottenWallets: 3 }));
    const { c } = client(fetch);
    await expect(c.call('tokenBalanceDistribution', { project_id: 'nebula' })).resolves.toEqual({
      whales: 1, normalWallets: 2, forgottenWallets: 3,
    });
    expect(sent[0]).toMatchObject({
      url: 'https://api.example.com/dev/v3/data/nebula/holders/token-balance-distribution',
      method: 'GET',
      headers: { 'x-apikey': KEY, accept: 'application/json' },
    });
  });

  it('POSTs verify with a JSON body and the key', async () => {
    const { fetch, sent } = scripted(json({ valid: true }));
    const { c } = client(fetch);
    await expect(c.call('verifyProof', { proof: { publicSignals: ['1'] } })).resolves.toEqual({ valid: true });
    expect(sent[0]).toMatchObject({
      url: 'https://int.example.com/v1/bank/user/verify',
      method: 'POST',
      headers: { 'x-apikey': KEY, 'content-type': 'application/json' },
      body: '{"proof":{"publicSignals":["1"]}}',
    });
  });

  it('parses integration answers into typed results', async () => {
    const { fetch } = scripted(
      json({ sessionId: 's-1' }),
      json({ url: 'https://prove.example/s/abc?sessionId=s-2' }),
      json({ status: 'PROCESSING' }),
      json({ score: '696', rank: 81 }),
    );
    const { c } = client(fetch);
    await expect(c.call('createUrl', { web2Id: 'u', condition: 600, scoreId: 'm' })).resolves.toEqual({ sessionId: 's-1' });
    await expect(c.call('createUrl', { web2Id: 'u', condition: 600, scoreId: 'm' })).resolves.toEqual({
      sessionId: 's-2', url: 'https://prove.example/s/abc?sessionId=s-2',
    });
    await expect(c.call('getProofData', { sessionId: 's-1' })).resolves.toEqual({ status: 'PROCESSING' });
    await expect(c.call('calculateCustomScore', { entity_address: '0x' + '1'.repeat(40), scoreId: 'm' })).resolves.toEqual({
      score: 696, extras: { rank: 81 },
    });
  });

  it('never follows a redirect: every request asks for redirect: manual', async () => {
    const { fetch, sent } = scripted(json({ users: [] }), json({ valid: true }));
    const { c } = client(fetch);
    await c.call('usePartners', { project_id: 'p' });
    await c.call('verifyProof', { proof: {} });
    expect(sent.map((s) => s.redirect)).toEqual(['manual', 'manual']);
  });

  it.each([301, 302, 303, 307, 308])('takes a %i for a redirect it will not follow: a clear error, no retry', async (status) => {
    const { fetch, sent } = scripted(new Response(null, { status, headers: { location: 'https://elsewhere.example/x' } }));
    const e = await failure(client(fetch).c.call('usePartners', { project_id: 'p' }));
    expect(e).toMatchObject({
      kind: 'redirected',
      status,
      message: `The service answered with a redirect (HTTP ${status}). Vantage does not send your API key to a redirected address; check the base URL in Options.`,
    });
    expect(sent).toHaveLength(1);
    expect(describeError(e)).toBe(e.message);
  });

  it('takes a browser\'s opaque redirect (status 0, no Location) for a redirect too', async () => {
    const opaque = Object.defineProperties(new Response(null), { type: { value: 'opaqueredirect' }, status: { value: 0 }, ok: { value: false } });
    const { fetch } = scripted(opaque);
    const e = await failure(client(fetch).c.call('verifyProof', { proof: {} }));
    expect(e).toMatchObject({ kind: 'redirected', status: undefined, message: expect.stringMatching(/^The service answered with a redirect\. /) });
  });

  it('refuses to run without a key, and sends nothing', async () => {
    const { fetch, sent } = scripted();
    const e = await failure(new ApiClient({ apiKey: ' ', dataBaseUrl: 'https://a.io', integrationBaseUrl: 'https://b.io', fetch })
      .call('usePartners', { project_id: 'p' }));
    expect(e.kind).toBe('not-configured');
    expect(sent).toHaveLength(0);
  });

  it('refuses to send the key over plain http off this computer, and sends nothing', async () => {
    const { fetch, sent } = scripted();
    const e = await failure(client(fetch, { dataBaseUrl: 'http://api.example.com/dev' }).c.call('usePartners', { project_id: 'p' }));
    expect(e).toMatchObject({ kind: 'not-configured', message: expect.stringContaining('plain http') });
    expect(sent).toHaveLength(0);
  });

  it('rejects invalid parameters before sending, naming the parameter', async () => {
    const { fetch, sent } = scripted();
    const e = await failure(client(fetch).c.call('createUrl', { web2Id: 'u', condition: NaN, scoreId: 'm' }));
    expect(e).toMatchObject({ kind: 'invalid-params', param: 'condition' });
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['401 Unauthorized (no reason but the status)', () => json({ message: 'Unauthorized' }, 401), 'key-rejected', 401],
    ['403 Forbidden (an API gateway\'s bad key)', () => json({ message: 'Forbidden' }, 403), 'key-rejected', 403],
    ['403 with no body', () => json('', 403), 'key-rejected', 403],
    ['403 saying the key is invalid', () => json({ message: 'Invalid API key' }, 403), 'key-rejected', 403],
    ['401 Unauthorized is only the status', () => json({ message: 'Unauthorized' }, 401), 'key-rejected', 401],
    ['401 with a key code', () => json({ code: 'INVALID_API_KEY', message: 'Denied for this request' }, 401), 'key-rejected', 401],
    ['403 about the project', () => json({ message: 'Web analytics integration is not set up for this project' }, 403), 'refused', 403],
    ['403 about the plan', () => json({ error: { message: 'Your plan does not include retention' } }, 403), 'refused', 403],
    ['200 success:false about the key', () => json({ success: false, message: 'invalid key' }), 'key-rejected', 200],
    ['200 success:false about something else', () => json({ success: false, message: 'Project is archived' }), 'refused', 200],
    ['200 plain-text No api key', () => json('No api key'), 'key-rejected', 200],
    ['404 unknown project', () => json({ message: 'Project not found' }, 404), 'not-found', 404],
    ['400', () => json({ message: 'bad limit' }, 400), 'client-error', 400],
    ['truncated JSON', () => json('{"now":{"active":1830,"new":214,"total":', 200), 'bad-response', 200],
    ['a NaN literal', () => json('{"whales": NaN, "normalWallets": 2}', 200), 'bad-response', 200],
    ['an Infinity literal', () => json('{"whales": Infinity}', 200), 'bad-response', 200],
    ['JSON double-encoded as a string', () => json(JSON.stringify(JSON.stringify({ whales: 1 })), 200), 'bad-response', 200],
    ['an HTML page', () => json('<html>oops</html>', 200), 'bad-response', 200],
    ['plain text not about the key', () => json('Internal error, see log 42', 200), 'bad-response', 200],
    ['a bare number', () => json('42', 200), 'bad-response', 200],
  ] as const)('classifies %s as %s', async (_label, res, kind, status) => {
    const { fetch } = scripted(res());
    const e = await failure(client(fetch).c.call('distributionByDapps', { project_id: 'p' }));
    expect(e).toMatchObject({ kind, status });
    expect(e.message).not.toContain(KEY);
  });

  it.each([
    ['truncated JSON', '{"now":{"active":1830,"new":214,"total":'],
    ['a NaN literal', '{"whales": NaN}'],
    ['double-encoded JSON', JSON.stringify(JSON.stringify({ now: { active: 1830 } }))],
    ['an HTML page', '<!doctype html><h1>502 Bad Gateway</h1>'],
    ['plain text', 'upstream connect error or disconnect/reset before headers'],
  ])('never passes %s on: it is "the service\'s answer could not be read", with no detail', async (_label, body) => {
    const { fetch } = scripted(json(body, 200));
    const e = await failure(client(fetch).c.call('holderChange', { project_id: 'p' }));
    expect(e.message).toBe("The service's answer could not be read.");
    expect(e.detail).toBeUndefined();
    expect(describeError(e.toInfo())).toBe("The service's answer could not be read.");
  });

  it('shows only a JSON message field of an error, cleaned: one line, no invisible characters, capped', async () => {
    const long = `Quota exceeded\n\u202Efor\u200b project   nebula. ${'x'.repeat(400)}`;
    const { fetch } = scripted(json({ message: long }, 400), json('<html><body>Bad request</body></html>', 400, { 'content-type': 'text/html' }));
    const { c } = client(fetch);
    const e = await failure(c.call('distributionByDapps', { project_id: 'p' }));
    expect(e.detail).toMatch(/^Quota exceeded for project nebula\. x+…$/);
    expect(e.detail!.length).toBeLessThanOrEqual(160);
    const html = await failure(c.call('distributionByDapps', { project_id: 'p' }));
    expect(html).toMatchObject({ kind: 'client-error', status: 400, message: 'The service answered HTTP 400.' });
    expect(html.detail).toBeUndefined();
  });

  it('says a refusal for this request with the service\'s reason, and a key problem only when the service names the key', async () => {
    const { fetch } = scripted(json({ message: 'Web analytics integration is not set up for this project' }, 403), json({ message: 'Forbidden' }, 403));
    const { c } = client(fetch);
    const refused = await failure(c.call('distributionByCountries', { project_id: 'p' }));
    expect(describeError(refused.toInfo())).toBe('The service refused this request: Web analytics integration is not set up for this project');
    const bare = await failure(c.call('distributionByCountries', { project_id: 'p' }));
    expect(bare).toMatchObject({ kind: 'key-rejected', keyBasis: 'status' });
    // "Forbidden" only restates the 403: said once, as the status.
    expect(describeError(asRefusal(bare.toInfo()))).toBe('The service refused this request (HTTP 403).');
  });

  it.each([
    ['204 No Content', () => new Response(null, { status: 204 })],
    ['an empty 200', () => json('', 200)],
    ['a top-level []', () => json([])],
    ['a top-level {}', () => json({})],
    ['JSON null', () => json('null', 200)],
  ])('takes %s as no data for a data operation', async (_label, res) => {
    const { fetch } = scripted(res());
    await expect(client(fetch).c.call('holderChange', { project_id: 'p' })).resolves.toEqual({});
  });

  it('takes an empty answer to an integration operation as a failure, not as a result', async () => {
    const { fetch } = scripted(new Response(null, { status: 204 }));
    const e = await failure(client(fetch).c.call('calculateCustomScore', { entity_address: '0x' + 'a'.repeat(40), scoreId: 'credit-v1' }));
    expect(e).toMatchObject({ kind: 'bad-response', message: 'The service sent an empty answer.' });
  });

  it('keeps every digit of integers beyond 2^53, sent as numbers or as strings', async () => {
    const { fetch } = scripted(json('{"claimed_rewards":{"1700006400":123456789012345678901234,"1700092800":"123456789012345678901235","1700179200":1520.75}}', 200));
    const body = await client(fetch).c.call('dailyClaimedRewards', { project_id: 'p' });
    expect(body).toEqual({ claimed_rewards: { 1700006400: '123456789012345678901234', 1700092800: '123456789012345678901235', 1700179200: 1520.75 } });
  });

  it('classifies shape errors of integration answers as bad-response', async () => {
    const { fetch } = scripted(json({ status: 'FINISHED' }), json({ ok: 1 }));
    const { c } = client(fetch, { backoff: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
    await expect(failure(c.call('getProofData', { sessionId: 's' }))).resolves.toMatchObject({ kind: 'bad-response' });
    await expect(failure(c.call('verifyProof', { proof: {} }))).resolves.toMatchObject({ kind: 'bad-response' });
  });

  it('retries a GET on 5xx and network errors with backoff, then succeeds', async () => {
    const { fetch, sent } = scripted(json({ message: 'boom' }, 503), new TypeError('fetch failed'), json({ users: [] }));
    const { c, sleeps } = client(fetch);
    await expect(c.call('usePartners', { project_id: 'p' })).resolves.toEqual({ users: [] });
    expect(sent).toHaveLength(3);
    expect(sleeps).toEqual([375, 750]); // jittered exponential: base 500, then 1000, at random 0.5
  });

  it('gives up after the bounded retries with the last error', async () => {
    const { fetch, sent } = scripted(json({}, 500), json({}, 502), json({ message: 'down' }, 503));
    const e = await failure(client(fetch).c.call('usePartners', { project_id: 'p' }));
    expect(e).toMatchObject({ kind: 'server-error', status: 503, message: 'down' });
    expect(sent).toHaveLength(3);
  });

  it('honours Retry-After on 429, in seconds and as a date', async () => {
    const now = 1_700_000_000_000;
    const { fetch } = scripted(
      json({ message: 'slow down' }, 429, { 'retry-after': '2' }),
      json({ message: 'slow down' }, 429, { 'retry-after': new Date(now + 4000).toUTCString() }),
      json({ users: [] }),
    );
    const { c, sleeps } = client(fetch);
    await c.call('usePartners', { project_id: 'p' });
    expect(sleeps).toEqual([2000, 4000]);
  });

  it('waits at least a second on Retry-After: 0 or a date already past (no tight retry loop)', async () => {
    const now = 1_700_000_000_000;
    const { fetch, sent } = scripted(
      json({ message: 'slow down' }, 429, { 'retry-after': '0' }),
      json({ message: 'slow down' }, 429, { 'retry-after': new Date(now - 60_000).toUTCString() }),
      json({ users: [] }),
    );
    const { c, sleeps } = client(fetch);
    await c.call('usePartners', { project_id: 'p' });
    expect(sleeps).toEqual([1000, 1000]);
    expect(sent).toHaveLength(3);
  });

  it('caps the retry time of a Retry-After of hours at 5 minutes', async () => {
    const now = 1_700_000_000_000;
    const { fetch } = scripted(json({ message: 'quota' }, 429, { 'retry-after': '86400' }));
    const e = await failure(client(fetch).c.call('usePartners', { project_id: 'p' }));
    expect(e).toMatchObject({ kind: 'rate-limited', retryAt: now + 300_000 });
  });

  it('surfaces a long Retry-After as rate-limited with the retry time', async () => {
    const now = 1_700_000_000_000;
    const { fetch, sent } = scripted(json({ message: 'quota' }, 429, { 'retry-after': '120' }));
    const e = await failure(client(fetch).c.call('usePartners', { project_id: 'p' }));
    expect(e).toMatchObject({ kind: 'rate-limited', retryAt: now + 120_000 });
    expect(sent).toHaveLength(1);
    expect(describeError(e, now)).toMatch(/retrying at/);
  });

  it('never retries a POST', async () => {
    const { fetch, sent } = scripted(json({}, 503));
    await expect(failure(client(fetch).c.call('verifyProof', { proof: {} }))).resolves.toMatchObject({ kind: 'server-error' });
    expect(sent).toHaveLength(1);
  });

  it('times out with AbortController', async () => {
    const hang = (_u: unknown, init?: RequestInit) =>
      new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))));
    const c = new ApiClient({
      apiKey: KEY, dataBaseUrl: 'https://a.io', integrationBaseUrl: 'https://b.io', timeoutMs: 5,
      fetch: hang as typeof fetch, backoff: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    });
    await expect(failure(c.call('usePartners', { project_id: 'p' }))).resolves.toMatchObject({ kind: 'timeout' });
  });

  it('reports a caller abort as aborted, without retrying', async () => {
    const ctrl = new AbortController();
    const { fetch, sent } = scripted(() => {
      ctrl.abort();
      return Promise.reject(new DOMException('x', 'AbortError'));
    });
    const e = await failure(client(fetch).c.call('usePartners', { project_id: 'p' }, { signal: ctrl.signal }));
    expect(e.kind).toBe('aborted');
    expect(sent).toHaveLength(1);
  });
});
