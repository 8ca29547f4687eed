import { describe, expect, it } from 'vitest';
import { ApiClient } from '@/lib/api/client.ts';
import { catalog, type OperationId, type ParamSpec } from '@/lib/api/catalog.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { isUnderBase } from '@/lib/api/request.ts';
import type { WorkerDeps } from '@/lib/background/feature.ts';
import { WORKER_FEATURES } from '@/entrypoints/background/features.ts';
import { composeWorker } from '@/lib/background/start.ts';
import { createMessageListener } from '@/lib/messaging/router.ts';
import { CHANNEL } from '@/lib/messaging/protocol.ts';

/**
 * The key rule: the API key is sent only as x-apikey, only to URLs under the
 * two configured bases, and never shows up in a URL or an error message.
 */

const KEY = 'kx-9f8e7d6c5b4a';
const bases = { dataBaseUrl: 'https://api.example.com/dev', integrationBaseUrl: 'https://api.example.com/v1' };

/** Values that try to leave the base: path tricks, other hosts, the key itself. */
function hostile(spec: ParamSpec): unknown {
  if (spec.type === 'object') return { proof: {}, publicSignals: ['1'], note: KEY };
  if (spec.type === 'number' || spec.type === 'int32') return 1;
  if (spec.format === 'address') return '0x' + 'ab'.repeat(20);
  if (spec.format === 'uuid') return '0f8fad5b-d9cb-469f-a165-70867728950e';
  if (spec.values) return spec.values[0];
  return spec.in === 'path' ? '../../../@evil.example/x?y#z' : 'https://evil.example/?x=1#';
}

interface Seen {
  url: string;
  headers: Record<string, string>;
}

/** A service that echoes the key it was sent in every error. */
function echoingFetch(seen: Seen[], status: number) {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    seen.push({ url: String(url), headers });
    return new Response(JSON.stringify({ message: `bad key ${headers['x-apikey']} for ${String(url)}` }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

describe('key hygiene', () => {
  for (const status of [200, 401, 404, 500]) {
    it(`every operation sends the key only as x-apikey under the configured bases (answer ${status})`, async () => {
      const seen: Seen[] = [];
      const client = new ApiClient({ ...bases, apiKey: KEY, fetch: echoingFetch(seen, status), backoff: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 } });
      for (const op of catalog) {
        const params = Object.fromEntries(op.params.filter((p) => p.required).map((p) => [p.name, hostile(p)]));
        const err = await client.call(op.id as OperationId, params as never).then(() => null, (e: unknown) => e);
        expect(err, op.id).toBeInstanceOf(ApiError);
        expect((err as ApiError).message, op.id).not.toContain(KEY);
        expect(JSON.stringify((err as ApiError).toInfo()), op.id).not.toContain(KEY);
      }
      expect(seen).toHaveLength(catalog.length);
      for (const { url, headers } of seen) {
        expect(isUnderBase(url, bases.dataBaseUrl) || isUnderBase(url, bases.integrationBaseUrl), url).toBe(true);
        expect(new URL(url).host).toBe('api.example.com');
        expect(url).not.toContain(KEY);
        expect(Object.entries(headers).filter(([, v]) => v.includes(KEY))).toEqual([['x-apikey', KEY]]);
      }
    });
  }

  it('a base sharing a prefix with the configured one is not "under" it', () => {
    expect(isUnderBase('https://api.example.com/devil/v3/data/x', bases.dataBaseUrl)).toBe(false);
    expect(isUnderBase('https://api.example.com.evil.example/dev/v3', bases.dataBaseUrl)).toBe(false);
    expect(isUnderBase('http://api.example.com/dev/v3', bases.dataBaseUrl)).toBe(false);
  });

  it('content scripts cannot ask the worker to test a connection (it takes a key)', async () => {
    // Only the worker's route table is under test: the features' dependencies are never called here.
    const deps = { name: 'Vantage', version: '0', cache: undefined };
    const { routes } = composeWorker(WORKER_FEATURES, deps as unknown as WorkerDeps);
    const listener = createMessageListener(routes, 'ext', 'chrome-extension://ext', 'test-build');
    const reply = await listener(
      { channel: CHANNEL, type: 'settings.testConnection', payload: { ...bases, defaultProject: 'p', apiKey: KEY } },
      { id: 'ext', origin: 'https://site.example', url: 'https://site.example/', tab: { id: 3, url: 'https://site.example/' }, frameId: 0 },
    );
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-params' } });
  });
});
