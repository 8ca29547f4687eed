/**
 * The sandbox's guards for running on a user's machine, over real HTTP
 * against startSandbox: names from Object.prototype in URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataset, type Dataset } from './dataset/index.ts';
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
