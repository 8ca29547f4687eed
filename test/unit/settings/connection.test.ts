import { describe, expect, it, vi } from 'vitest';
import {
  describeConnection,
  parseConnectionInput,
  STAND_IN_PROJECT,
  testConnection,
  type ConnectionInput,
  type ProbeOutcome,
} from '@/lib/settings/connection.ts';

const KEY = 'secret-key-42';
const input: ConnectionInput = {
  dataBaseUrl: 'https://api.example.com/dev',
  integrationBaseUrl: 'https://api.example.com/v1',
  defaultProject: 'nebula',
  apiKey: KEY,
};

const jsonRes = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const textRes = (body: string, status: number) => new Response(body, { status, headers: { 'content-type': 'text/plain' } });

function answering(res: Response | Error) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    urls.push(String(url));
    if (res instanceof Error) throw res;
    return res;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, urls, calls: fetch };
}

async function verdictFor(res: Response | Error, over: Partial<ConnectionInput> = {}) {
  const f = answering(res);
  const v = await testConnection({ ...input, ...over }, async () => true, f.fetch);
  expect(v.message).not.toContain(KEY);
  return { v, ...f };
}

describe('testConnection', () => {
  it('sends nothing to hosts the user has not granted', async () => {
    const f = answering(jsonRes({ whales: 1 }));
    const asked: unknown[] = [];
    const v = await testConnection(input, async (s) => (asked.push(s), false), f.fetch);
    expect(f.calls).not.toHaveBeenCalled();
    expect(asked).toEqual([input]);
    expect(v).toMatchObject({ ok: false, message: expect.stringContaining('no access to https://api.example.com/*') });
  });

  it('calls one cheap data endpoint for the default project, once', async () => {
    const { v, urls, calls } = await verdictFor(jsonRes({ whales: 1, normalWallets: 2, forgottenWallets: 3 }));
    expect(urls).toEqual(['https://api.example.com/dev/v3/data/nebula/holders/token-balance-distribution']);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(v).toEqual({ status: 'works', ok: true, message: expect.stringMatching(/^Works: .*“nebula”/) });
  });

  it('says the key was rejected on 401/403 and on a 200 "invalid key" body', async () => {
    for (const res of [jsonRes({ message: 'Invalid API key' }, 401), textRes('Forbidden', 403), jsonRes({ success: false, message: 'invalid key' })]) {
      const { v } = await verdictFor(res);
      expect(v.status).toBe('key-rejected');
      expect(v.message).toMatch(/^Key rejected: /);
    }
  });

  it('says the service is unreachable when nothing answers (no retries)', async () => {
    const { v, calls } = await verdictFor(new TypeError('Failed to fetch'));
    expect(v).toMatchObject({ status: 'unreachable', ok: false });
    expect(v.message).toContain('https://api.example.com');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('suggests a stage prefix when a base without one gets a bare 404', async () => {
    const { v } = await verdictFor(textRes('Not Found', 404), { dataBaseUrl: 'https://api.example.com' });
    expect(v.status).toBe('wrong-base');
    expect(v.message).toContain('Data API base URL looks wrong');
    expect(v.message).toContain('/dev');
  });

  it('takes API Gateway\'s "Missing Authentication Token" (no route) for a wrong base, not a bad key', async () => {
    const { v } = await verdictFor(jsonRes({ message: 'Missing Authentication Token' }, 403), { dataBaseUrl: 'https://api.example.com' });
    expect(v.status).toBe('wrong-base');
  });

  it('tells "key works, unknown project" apart from a wrong address', async () => {
    const unknown = await verdictFor(jsonRes({ message: 'Unknown project: nebulla' }, 404), { defaultProject: 'nebulla' });
    expect(unknown.v).toMatchObject({ status: 'unknown-project', ok: true });
    expect(unknown.v.message).toContain('“nebulla”');
  });

  it('without a default project, probes a stand-in and counts a project 404 as working', async () => {
    const { v, urls } = await verdictFor(jsonRes({ message: 'Unknown project' }, 404), { defaultProject: '  ' });
    expect(urls[0]).toContain(`/v3/data/${STAND_IN_PROJECT}/`);
    expect(v).toMatchObject({ status: 'works', ok: true });
    expect(v.message).toContain('Set a default project');
  });

  it('names rate limits and server failures', async () => {
    expect((await verdictFor(jsonRes({ message: 'slow down' }, 429, { 'retry-after': '60' }))).v.status).toBe('rate-limited');
    const failed = await verdictFor(textRes('boom', 503));
    expect(failed.v).toMatchObject({ status: 'server-error', message: expect.stringContaining('503') });
  });

  it('does not follow a redirect with the key, and says so', async () => {
    const { v, calls } = await verdictFor(new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } }));
    expect(calls.mock.calls[0]![1]).toMatchObject({ redirect: 'manual' });
    expect(calls).toHaveBeenCalledTimes(1);
    expect(v).toEqual({
      status: 'wrong-base',
      ok: false,
      message: 'The service answered with a redirect (HTTP 302), which Vantage does not follow with your API key: '
        + 'the Data API base URL looks wrong. Use the address the service now answers at.',
    });
  });

  it('takes a 200 web page for a wrong address', async () => {
    const { v } = await verdictFor(new Response('<html>welcome</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect(v.status).toBe('wrong-base');
  });

  it('refuses plain-http bases off this computer before sending anything, naming the field', async () => {
    const data = await verdictFor(jsonRes({}), { dataBaseUrl: 'http://api.example.com/dev' });
    expect(data.v).toMatchObject({ status: 'failed', ok: false });
    expect(data.v.message).toMatch(/^Fix the base URLs first\. Data API base URL must use https:\/\/\. /);
    expect(data.calls).not.toHaveBeenCalled();
    const integration = await verdictFor(jsonRes({}), { integrationBaseUrl: 'http://api.example.com/v1' });
    expect(integration.v.message).toContain('Integration API base URL must use https://');
    expect(integration.calls).not.toHaveBeenCalled();
  });

  it('tests a plain-http service on this computer', async () => {
    const { v, urls } = await verdictFor(jsonRes({ whales: 1 }), { dataBaseUrl: 'http://127.0.0.1:8787/dev', integrationBaseUrl: 'http://localhost:8787/v1' });
    expect(urls).toEqual(['http://127.0.0.1:8787/dev/v3/data/nebula/holders/token-balance-distribution']);
    expect(v.status).toBe('works');
  });

  it('asks for a key before calling anything', async () => {
    const { v, calls } = await verdictFor(jsonRes({}), { apiKey: ' ' });
    expect(v.status).toBe('no-key');
    expect(calls).not.toHaveBeenCalled();
  });

  it('never repeats the key, even when the service echoes it', async () => {
    const { v } = await verdictFor(jsonRes({ message: `key ${KEY} is not valid for this project` }, 400));
    expect(v.status).toBe('failed');
    expect(v.message).toContain('•••');
  });
});

describe('describeConnection', () => {
  const base: ProbeOutcome = { dataBaseUrl: 'https://api.example.com/stag', project: 'nebula', projectConfigured: true };
  it('points at the existing stage prefix when one is set', () => {
    const v = describeConnection({ ...base, error: { kind: 'not-found', status: 404, message: 'Not found' }, jsonAnswer: false });
    expect(v.message).toContain('Check its stage prefix (/stag)');
  });
  it('calls a timeout unreachable', () => {
    expect(describeConnection({ ...base, error: { kind: 'timeout', message: 'slow' } }).status).toBe('unreachable');
  });
});

describe('parseConnectionInput', () => {
  it('accepts exactly the four strings and refuses anything else', () => {
    expect(parseConnectionInput({ ...input, extra: 1 })).toEqual(input);
    expect(() => parseConnectionInput({ ...input, apiKey: 5 })).toThrow('"apiKey" must be a string');
    expect(() => parseConnectionInput(null)).toThrow();
  });
});
