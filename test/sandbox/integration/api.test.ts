import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationOperations } from '@/lib/api/catalog.ts';
import { creditV1 } from '../scores/credit-v1.ts';
import { emptyProfile } from '../scores/features.ts';
import { scoreModels } from '../scores/models.ts';
import { AS_OF, seasonedBorrower } from '../scores/test-profiles.ts';
import { zkPaths } from '../zk/paths.ts';
import { answeredOperationIds } from './api-routes.ts';
import { createSession, startHarness, type Harness } from './test-harness.ts';

let h: Harness;
let now = 1_000_000;

beforeAll(async () => {
  h = await startHarness({ clock: () => now, scoreAsOf: () => AS_OF });
});
afterAll(() => h.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const json = async (res: Response) => [res.status, await res.json()] as const;

it('answers every integration operation of the catalog', () => {
  expect([...answeredOperationIds].sort()).toEqual(integrationOperations.map((op) => op.id).sort());
});

describe('the API key', () => {
  it.each([
    ['/platform-services/createUrl?web2Id=a&condition=600&scoreId=credit-v1'],
    ['/platform/services/getProofData?sessionId=00000000-0000-4000-8000-000000000000'],
    [`/platform-services/calculateCustomScore/${seasonedBorrower.address}?scoreId=credit-v1`],
  ])('is required on GET %s', async (path) => {
    const [status, body] = await json(await h.call(path, { key: null }));
    expect(status).toBe(401);
    expect(body.message).toMatch(/x-apikey/);
    expect((await h.call(path, { key: 'wrong' })).status).toBe(401);
  });

  it('is required on verify', async () => {
    expect((await h.call('/bank/user/verify', { body: { proof: {} }, key: null })).status).toBe(401);
  });

  it('is not required for the public verification and attestation keys', async () => {
    const vkey = await fetch(`${h.origin}/zk/verification_key.json`);
    expect(vkey.status).toBe(200);
    expect(await vkey.json()).toEqual(JSON.parse(await readFile(zkPaths.verificationKey, 'utf8')));
    const [status, key] = await json(await fetch(`${h.origin}/zk/attestation_key.json`));
    expect(status).toBe(200);
    const [ax, ay] = await h.service.attestationKey();
    expect(key).toMatchObject({ Ax: ax.toString(), Ay: ay.toString(), publicSignals: { score: 0, attesterAx: 4, attesterAy: 5, nullifier: 6 } });
  });
});

describe('createUrl', () => {
  it('answers only a fresh UUID sessionId', async () => {
    const [status, body] = await json(await h.call('/platform-services/createUrl?web2Id=alice&condition=650&scoreId=credit-v1'));
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['sessionId']);
    expect(body.sessionId).toMatch(UUID);
    expect(await createSession(h, { web2Id: 'alice', condition: 650, scoreId: 'credit-v1' })).not.toBe(body.sessionId);
  });

  it('also works without the /v1 prefix the server may strip', async () => {
    const res = await fetch(`${h.origin}/platform-services/createUrl?web2Id=a&condition=1&scoreId=activity`, { headers: { 'x-apikey': h.apiKey } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['missing web2Id', 'condition=650&scoreId=credit-v1', /web2Id/],
    ['empty web2Id', 'web2Id=&condition=650&scoreId=credit-v1', /web2Id/],
    ['missing condition', 'web2Id=a&scoreId=credit-v1', /condition/],
    ['non-numeric condition', 'web2Id=a&condition=high&scoreId=credit-v1', /condition/],
    ['fractional condition', 'web2Id=a&condition=650.5&scoreId=credit-v1', /condition/],
    ['negative condition', 'web2Id=a&condition=-1&scoreId=credit-v1', /condition/],
    ['condition above the scale', 'web2Id=a&condition=851&scoreId=credit-v1', /condition/],
    ['missing scoreId', 'web2Id=a&condition=650', /scoreId/],
    ['unknown scoreId', 'web2Id=a&condition=650&scoreId=fico', /scoreId/],
    ['overlong web2Id', `web2Id=${'x'.repeat(257)}&condition=650&scoreId=credit-v1`, /web2Id/],
  ])('refuses %s with 400', async (_case, query, message) => {
    const [status, body] = await json(await h.call(`/platform-services/createUrl?${query}`));
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it('refuses other methods with 405', async () => {
    const res = await h.call('/platform-services/createUrl?web2Id=a&condition=1&scoreId=activity', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('getProofData', () => {
  it('says PROCESSING, without a proof field, for a fresh session', async () => {
    const id = await createSession(h, { web2Id: 'bob', condition: 600, scoreId: 'credit-lite' });
    const [status, body] = await json(await h.call(`/platform/services/getProofData?sessionId=${id}`));
    expect([status, body]).toEqual([200, { status: 'PROCESSING' }]);
  });

  it('answers 400 without a sessionId and 404 for an unknown one', async () => {
    expect((await h.call('/platform/services/getProofData')).status).toBe(400);
    expect((await h.call('/platform/services/getProofData?sessionId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await h.call('/platform/services/getProofData?sessionId=not-a-session')).status).toBe(404);
  });

  it('forgets a session 15 minutes after createUrl', async () => {
    const id = await createSession(h, { web2Id: 'carol', condition: 600, scoreId: 'credit-v1' });
    now += 15 * 60_000 - 1;
    expect((await h.call(`/platform/services/getProofData?sessionId=${id}`)).status).toBe(200);
    now += 1;
    const [status, body] = await json(await h.call(`/platform/services/getProofData?sessionId=${id}`));
    expect(status).toBe(404);
    expect(body.message).toMatch(/expired/);
    expect((await fetch(`${h.origin}/proof/${id}`)).status).toBe(404);
  });
});

describe('the session cap', () => {
  it('answers 503 with Retry-After (until the oldest session expires) when full, and prunes expired sessions', async () => {
    let clock = 5_000_000;
    const small = await startHarness({ clock: () => clock, maxSessions: 2 });
    try {
      const create = () => small.call('/platform-services/createUrl?web2Id=a&condition=1&scoreId=activity');
      expect((await create()).status).toBe(200);
      clock += 60_000;
      expect((await create()).status).toBe(200);
      const full = await create();
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe(String(15 * 60 - 60));
      expect(((await full.json()) as { message: string }).message).toMatch(/2 live proof sessions/);
      clock += 15 * 60_000 - 60_000; // the first session expires: its place is free again
      expect((await create()).status).toBe(200);
      const again = await create();
      expect(again.status).toBe(503);
      expect(again.headers.get('retry-after')).toBe('60');
    } finally {
      await small.close();
    }
  });
});

describe('calculateCustomScore', () => {
  const path = (address: string, scoreId?: string) =>
    `/platform-services/calculateCustomScore/${address}${scoreId === undefined ? '' : `?scoreId=${scoreId}`}`;

  it('answers a credit model’s score with band, rank, entityId and breakdown', async () => {
    const [status, body] = await json(await h.call(path(seasonedBorrower.address, 'credit-v1')));
    expect(status).toBe(200);
    const expected = creditV1.score(seasonedBorrower, AS_OF);
    expect(body).toEqual({
      score: expected.score, band: 'Exceptional', rank: expect.any(Number), scoreId: 'credit-v1',
      entityId: seasonedBorrower.address, scoreBreakdown: expected.breakdown,
    });
  });

  it('answers the other model kind as { address, chainId, score, type, … }', async () => {
    const [status, body] = await json(await h.call(path(seasonedBorrower.address, 'activity')));
    expect(status).toBe(200);
    expect(body).toMatchObject({ address: seasonedBorrower.address, chainId: 'all', score: expect.any(Number), type: 'activity' });
  });

  it('scores a wallet the dataset never saw as an empty history, for every model', async () => {
    const unknown = '0xABCDEFabcdef0123456789abcdef0123456789ab';
    for (const model of scoreModels) {
      const [status, body] = await json(await h.call(path(unknown, model.id)));
      expect(status).toBe(200);
      expect(body.score).toBe(model.score(emptyProfile(unknown.toLowerCase() as `0x${string}`), AS_OF).score);
    }
  });

  it.each([
    ['too short', '0x1234'],
    ['not hex', '0xZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'],
    ['no 0x', '8d65a2b0a1a0c6a1e3b6a1d0f1e2c3b4a5968778'],
    ['an ENS name', 'vitalik.eth'],
  ])('refuses a malformed address (%s) with 400', async (_case, address) => {
    const [status, body] = await json(await h.call(path(address, 'credit-v1')));
    expect(status).toBe(400);
    expect(body.message).toMatch(/entity_address/);
  });

  it('answers 404 for an unknown scoreId and 400 without one', async () => {
    const [status, body] = await json(await h.call(path(seasonedBorrower.address, 'no-such-model')));
    expect(status).toBe(404);
    expect(body.message).toMatch(/credit-v1/);
    expect((await h.call(path(seasonedBorrower.address))).status).toBe(400);
  });
});

describe('verify, given no real proof', () => {
  it.each([
    ['a body that is not JSON', '{proof:'],
    ['an empty body', ''],
    ['a JSON array', '[]'],
    ['no proof', '{}'],
    ['a proof that is not an object', '{"proof":"abc"}'],
    ['a proof that is an array', '{"proof":[1,2]}'],
  ])('answers 400 for %s', async (_case, body) => {
    const res = await fetch(`${h.base}/bank/user/verify`, {
      method: 'POST', headers: { 'x-apikey': h.apiKey, 'content-type': 'application/json' }, body,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toEqual(expect.any(String));
  });

  it.each([
    ['an empty object', {}],
    ['a proof without signals', { proof: { pi_a: [], pi_b: [], pi_c: [], protocol: 'groth16', curve: 'bn128' } }],
    ['garbage numbers', {
      proof: { pi_a: ['1', '2', '1'], pi_b: [['1', '2'], ['3', '4'], ['1', '0']], pi_c: ['5', '6', '1'], protocol: 'groth16', curve: 'bn128' },
      publicSignals: ['700', '600', '1', '2', '3', '4', '5'],
    }],
  ])('answers { valid: false } for %s', async (_case, proof) => {
    expect(await json(await h.call('/bank/user/verify', { body: { proof } }))).toEqual([200, { valid: false }]);
  });

  it('refuses GET with 405 and a huge body with 413', async () => {
    expect((await h.call('/bank/user/verify')).status).toBe(405);
    const huge = { proof: { padding: 'x'.repeat(100_000) } };
    expect((await h.call('/bank/user/verify', { body: huge })).status).toBe(413);
  });
});

describe('the proof page', () => {
  it('is served at /proof/{sessionId} without an API key, under a strict CSP', async () => {
    const id = await createSession(h, { web2Id: 'dave', condition: 600, scoreId: 'credit-v1' });
    const res = await fetch(`${h.origin}/proof/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await res.text()).toContain('/proof/assets/proof.js');
    for (const asset of ['proof.js', 'proof.css']) expect((await fetch(`${h.origin}/proof/assets/${asset}`)).status).toBe(200);
  });

  it('answers 404 for an unknown session and leaves unrelated paths to the server', async () => {
    expect((await fetch(`${h.origin}/proof/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    const other = await fetch(`${h.origin}/proof/assets/secret.txt`);
    expect(await other.json()).toEqual({ message: 'not found' });
  });

  it('tells the page what is asked, the message naming the session, and demo wallets without their keys', async () => {
    const id = await createSession(h, { web2Id: 'erin@example', condition: 640, scoreId: 'credit-lite' });
    const [status, state] = await json(await fetch(`${h.origin}/proof/${id}/state`));
    expect(status).toBe(200);
    expect(state).toMatchObject({
      sessionId: id, web2Id: 'erin@example', condition: 640, phase: 'awaiting-wallet', score: null,
      model: { id: 'credit-lite', name: 'Vantage Credit Lite', kind: 'credit' },
    });
    expect(state.message).toContain(`Session: ${id}`);
    expect(state.demoWallets).toHaveLength(2);
    expect(JSON.stringify(state)).not.toMatch(/privateKey|0x[0-9a-f]{64}/i);
  });
});
