/**
 * @vantage/sdk/server's verifyScoreProof against real proofs from the sandbox's prover (the committed
 * test vectors, test/sdk/vectors.ts): every verdict the vectors publish, each failure reason, and
 * garbage of every kind answered with a reason, never a throw.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryNullifierStore, ProofAsks, verifyScoreProof, type NullifierStore, type ServiceKeys, type VerifyScoreProofOptions } from '../../../sdk/src/server.ts';
import { hashToField as sandboxHashToField } from '../../sandbox/zk/field.ts';
import { createAttester, DEV_ATTESTATION_SECRET } from '../../sandbox/zk/attestation.ts';
import { zkPaths } from '../../sandbox/zk/paths.ts';
import { hashToField } from '../../../sdk/src/server/signals.ts';
import { readVectors, SITE } from '../../sdk/vectors.ts';

const vectors = readVectors();
const keys: ServiceKeys = { verificationKey: vectors.verificationKey, attestationKey: vectors.attestationKey };
const byName = (name: string) => {
  const found = vectors.cases.find((c) => c.name === name);
  if (!found) throw new Error(`no vector ${name}`);
  return found;
};
const valid = byName('a valid proof, as asked');
const bound = byName('a valid proof bound to the asking site');
const options = (over: Partial<VerifyScoreProofOptions> = {}): VerifyScoreProofOptions => ({ ...valid.ask, keys, nullifiers: new MemoryNullifierStore(), ...over });
/** A generous ceiling for snarkjs's first use on a loaded CI machine: not a timing goal (npm run bench:verify is). */
const SLOW = { timeout: 60_000 };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('the test vectors', SLOW, () => {
  it('are the sandbox’s: its committed verification key and its dev attestation key', async () => {
    expect(vectors.verificationKey).toEqual(JSON.parse(readFileSync(zkPaths.verificationKey, 'utf8')));
    const [Ax, Ay] = (await createAttester(DEV_ATTESTATION_SECRET)).publicKey;
    expect(vectors.attestationKey).toEqual({ Ax: Ax.toString(), Ay: Ay.toString() });
  });

  it('each gets its published verdict, in order against one nullifier store', async () => {
    const nullifiers = new MemoryNullifierStore();
    const got = [];
    for (const c of vectors.cases) {
      const verdict = await verifyScoreProof(c.result, { ...c.ask, keys, nullifiers });
      got.push({ name: c.name, outcome: verdict.ok ? true : verdict.reason });
    }
    expect(got).toEqual(vectors.cases.map((c) => ({ name: c.name, outcome: c.expected })));
  });
});

describe('verifyScoreProof', SLOW, () => {
  it('accepts a valid proof: the score, the nullifier and what it commits, every check passed', async () => {
    const nullifiers = new MemoryNullifierStore();
    const v = await verifyScoreProof(valid.result, options({ nullifiers }));
    expect(v).toEqual({
      ok: true, score: 712, nullifier: (valid.result as { publicSignals: string[] }).publicSignals[6], web2Id: 'alice@lending.example', boundOrigin: null,
      checks: { proof: true, attestation: true, model: true, minimum: true, web2Id: true, nullifier: true },
    });
    expect(nullifiers.size).toBe(1);
  });

  it('accepts a proof bound to this site, and says so', async () => {
    const v = await verifyScoreProof(bound.result, options({ bindOrigin: true, origin: SITE }));
    expect(v).toMatchObject({ ok: true, web2Id: `${SITE}#alice@lending.example`, boundOrigin: SITE, checks: { origin: true } });
  });

  it.each([0, 1, 2, 3, 4, 5, 6])('refuses a proof whose public signal %i was changed: invalid-proof', async (i) => {
    const tampered = clone(valid.result) as { publicSignals: string[]; proof: { publicSignals: string[] }; score: number };
    const changed = (BigInt(tampered.publicSignals[i]!) + 1n).toString();
    tampered.publicSignals[i] = tampered.proof.publicSignals[i] = changed;
    if (i === 0) tampered.score = Number(changed);
    const v = await verifyScoreProof(tampered, options());
    expect(v).toMatchObject({ ok: false, reason: 'invalid-proof', checks: { proof: false } });
  });

  it('refuses a proof against another attestation key: not-attested', async () => {
    const v = await verifyScoreProof(valid.result, options({ keys: { ...keys, attestationKey: { Ax: '1', Ay: '2' } } }));
    expect(v).toMatchObject({ ok: false, reason: 'not-attested', checks: { proof: true, attestation: false } });
  });

  it('refuses a proof for another model, a score below the minimum, another minimum', async () => {
    expect(await verifyScoreProof(valid.result, options({ scoreId: 'activity' }))).toMatchObject({ ok: false, reason: 'wrong-model' });
    expect(await verifyScoreProof(valid.result, options({ condition: 713 }))).toMatchObject({ ok: false, reason: 'below-minimum', message: 'score 712 is below 713' });
    expect(await verifyScoreProof(valid.result, options({ condition: 500 }))).toMatchObject({ ok: false, reason: 'wrong-condition' });
  });

  it('refuses another user’s proof, and one bound to another site or to none', async () => {
    expect(await verifyScoreProof(valid.result, options({ web2Id: 'mallory@lending.example' }))).toMatchObject({ ok: false, reason: 'wrong-web2id' });
    const elsewhere = byName('bound to another site').result;
    expect(await verifyScoreProof(elsewhere, options({ bindOrigin: true, origin: SITE }))).toMatchObject({
      ok: false, reason: 'wrong-origin', message: `bound to https://phish.example, not ${SITE}`, checks: { origin: false, web2Id: false },
    });
    expect(await verifyScoreProof(valid.result, options({ bindOrigin: true, origin: SITE }))).toMatchObject({ ok: false, reason: 'wrong-origin' });
    // A bound proof presented where an unbound one was asked commits the bound form, not the user id.
    expect(await verifyScoreProof(bound.result, options())).toMatchObject({ ok: false, reason: 'wrong-web2id' });
    // What the result claims it committed is checked against the proof, never trusted.
    const lying = { ...clone(elsewhere as object), web2Id: `${SITE}#alice@lending.example` };
    expect(await verifyScoreProof(lying, options({ bindOrigin: true, origin: SITE }))).toMatchObject({ ok: false, reason: 'wrong-origin', message: `not bound to ${SITE}: it names no site` });
  });

  it('one wallet, one user: the same user again is fine, another user is refused, and only accepted proofs are recorded', async () => {
    const nullifiers = new MemoryNullifierStore();
    expect(await verifyScoreProof(valid.result, options({ nullifiers, condition: 800 }))).toMatchObject({ ok: false });
    expect(nullifiers.size).toBe(0);
    expect(await verifyScoreProof(valid.result, options({ nullifiers }))).toMatchObject({ ok: true });
    expect(await verifyScoreProof(valid.result, options({ nullifiers }))).toMatchObject({ ok: true });
    const mallory = byName('the same wallet, for another user (one wallet, one user)');
    expect(await verifyScoreProof(mallory.result, { ...mallory.ask, keys, nullifiers })).toMatchObject({ ok: false, reason: 'nullifier-other-user', checks: { web2Id: true, nullifier: false } });
    expect(await verifyScoreProof(valid.result, options({ nullifiers, repeat: 'never' }))).toMatchObject({ ok: false, reason: 'nullifier-used' });
  });

  it('two users racing with one wallet: exactly one is accepted', async () => {
    const nullifiers = new MemoryNullifierStore();
    const mallory = byName('the same wallet, for another user (one wallet, one user)');
    const verdicts = await Promise.all([
      verifyScoreProof(valid.result, options({ nullifiers })),
      verifyScoreProof(mallory.result, { ...mallory.ask, keys, nullifiers }),
    ]);
    expect(verdicts.filter((v) => v.ok)).toHaveLength(1);
  });

  it('a nullifier store that fails refuses the proof (nullifier-store-failed) rather than throw', async () => {
    const broken: NullifierStore = { claim: () => Promise.reject(new Error('database down')) };
    expect(await verifyScoreProof(valid.result, options({ nullifiers: broken }))).toMatchObject({ ok: false, reason: 'nullifier-store-failed', message: 'the nullifier store failed: database down' });
  });

  it('maxAgeMs: a proof whose session started within it passes; an older one, or one of no known start, is too-old', async () => {
    const now = () => 1_000_000;
    expect(await verifyScoreProof(valid.result, options({ maxAgeMs: 60_000, startedAt: 950_000, now }))).toMatchObject({ ok: true, checks: { age: true } });
    expect(await verifyScoreProof(valid.result, options({ maxAgeMs: 60_000, startedAt: 900_000, now }))).toMatchObject({
      ok: false, reason: 'too-old', message: 'started 100000 ms ago, over the 60000 ms allowed', checks: { age: false },
    });
    expect(await verifyScoreProof(valid.result, options({ maxAgeMs: 60_000 }))).toMatchObject({ ok: false, reason: 'too-old', checks: { age: false } });
    // Judged after the request's own checks (a wrong user is still wrong-web2id), and before the nullifier is recorded.
    const nullifiers = new MemoryNullifierStore();
    expect(await verifyScoreProof(valid.result, options({ web2Id: 'mallory@lending.example', maxAgeMs: 1, startedAt: 0, now }))).toMatchObject({ reason: 'wrong-web2id' });
    expect(await verifyScoreProof(valid.result, options({ nullifiers, maxAgeMs: 1, startedAt: 0, now }))).toMatchObject({ reason: 'too-old' });
    expect(nullifiers.size).toBe(0);
    expect(await verifyScoreProof(valid.result, options({ maxAgeMs: -1, startedAt: 0 }))).toMatchObject({ reason: 'invalid-options' });
  });

  it('null nullifiers skips the replay check', async () => {
    const v = await verifyScoreProof(valid.result, options({ nullifiers: null }));
    expect(v).toMatchObject({ ok: true });
    expect(v.checks).not.toHaveProperty('nullifier');
  });

  it('never throws on garbage: each is malformed', async () => {
    const good = valid.result as { proof: { proof: Record<string, unknown>; publicSignals: string[] }; publicSignals: string[]; score: number };
    const withSignals = (publicSignals: unknown) => ({ proof: { ...good.proof, publicSignals } });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const garbage: unknown[] = [
      undefined, null, 0, 'proof', [], {}, { proof: null }, { proof: 'x' }, { proof: [] },
      withSignals(good.publicSignals.slice(0, 6)), withSignals([...good.publicSignals, '1']),
      withSignals(good.publicSignals.map((s, i) => (i === 0 ? '0712' : s))), withSignals(good.publicSignals.map((s, i) => (i === 0 ? '0x2c8' : s))),
      withSignals(good.publicSignals.map((s, i) => (i === 0 ? 712 : s))), withSignals(good.publicSignals.map((s, i) => (i === 6 ? `${s}0`.repeat(3) : s))),
      { proof: { publicSignals: good.publicSignals, proof: { ...good.proof.proof, pi_a: ['1', '2'] } } },
      { proof: { publicSignals: good.publicSignals, proof: { ...good.proof.proof, protocol: 'plonk' } } },
      { proof: { publicSignals: good.publicSignals, proof: null } },
      { ...good, publicSignals: [...good.publicSignals].reverse() },
      { ...good, score: 850 },
      { ...good, web2Id: 42 },
      revoked.proxy,
      { proof: new Proxy({}, { get: () => { throw new Error('trap'); } }) },
    ];
    for (const [i, g] of garbage.entries()) {
      const v = await verifyScoreProof(g, options());
      expect(v, `garbage #${i}`).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses unusable options with invalid-options, before reading the proof', async () => {
    const bad: Partial<VerifyScoreProofOptions>[] = [
      { scoreId: '' }, { condition: 1.5 }, { condition: Number.NaN }, { web2Id: '' }, { bindOrigin: true }, { bindOrigin: true, origin: `${SITE}/` },
      { bindOrigin: true, origin: 'lending.example' }, { nullifiers: {} as NullifierStore }, { repeat: 'twice' as 'never' }, { keys: undefined },
    ];
    for (const b of bad) expect(await verifyScoreProof(valid.result, options(b)), JSON.stringify(b)).toMatchObject({ ok: false, reason: 'invalid-options' });
    expect(await verifyScoreProof(valid.result, null as unknown as VerifyScoreProofOptions)).toMatchObject({ ok: false, reason: 'invalid-options' });
  });

  it('fetches the keys from the service’s origin once, and says so when it cannot', async () => {
    const asked: string[] = [];
    const serve = (files: Record<string, unknown>): typeof fetch => (async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname;
      asked.push(path);
      return path in files ? new Response(JSON.stringify(files[path])) : new Response('nope', { status: 404 });
    }) as typeof fetch;
    const served = serve({ '/zk/verification_key.json': keys.verificationKey, '/zk/attestation_key.json': { scheme: 'EdDSA', ...keys.attestationKey } });
    const o = options({ keys: undefined, serviceOrigin: 'https://service-one.example/', fetchOptions: { fetch: served } });
    expect(await verifyScoreProof(valid.result, o)).toMatchObject({ ok: true });
    expect(await verifyScoreProof(valid.result, { ...o, nullifiers: null })).toMatchObject({ ok: true });
    expect(asked).toEqual(['/zk/verification_key.json', '/zk/attestation_key.json']);

    const missing = options({ keys: undefined, serviceOrigin: 'https://service-two.example', fetchOptions: { fetch: serve({}) } });
    expect(await verifyScoreProof(valid.result, missing)).toMatchObject({ ok: false, reason: 'keys-unavailable', message: 'https://service-two.example/zk/verification_key.json: HTTP 404' });
    const wrongKind = options({ keys: undefined, serviceOrigin: 'https://service-three.example', fetchOptions: { fetch: serve({ '/zk/verification_key.json': { protocol: 'plonk' }, '/zk/attestation_key.json': keys.attestationKey }) } });
    expect(await verifyScoreProof(valid.result, wrongKind)).toMatchObject({ ok: false, reason: 'keys-unavailable' });
    expect(await verifyScoreProof(valid.result, options({ keys: { verificationKey: {}, attestationKey: keys.attestationKey } }))).toMatchObject({ ok: false, reason: 'keys-unavailable' });
  });

  it('accepts the testing entry’s FIXTURE_PROOF (real sandbox proofs), as asked and bound', async () => {
    const fixture = JSON.parse(readFileSync(new URL('../../../sdk/src/fixtures/score-proof.json', import.meta.url), 'utf8')) as {
      request: VerifyScoreProofOptions; result: unknown; bound: { request: VerifyScoreProofOptions; origin: string; result: unknown };
    };
    const nullifiers = new MemoryNullifierStore();
    expect(await verifyScoreProof(fixture.result, { ...fixture.request, keys, nullifiers })).toMatchObject({ ok: true, score: 747 });
    expect(await verifyScoreProof(fixture.bound.result, { ...fixture.bound.request, origin: fixture.bound.origin, keys, nullifiers })).toMatchObject({ ok: true, boundOrigin: fixture.bound.origin });
  });

  it('hashes a text to a field element exactly as the service does', () => {
    for (const s of ['credit-v1', 'alice@lending.example', '', 'ünïcødé ✓', `${SITE}#alice`]) expect(hashToField(s)).toBe(sandboxHashToField(s).toString());
  });
});

describe('ProofAsks: what the server asked, by id', () => {
  it('keeps an ask for its page, reads it (peek), and uses it up (take)', () => {
    const asks = new ProofAsks();
    const ask = asks.create({ scoreId: 'credit-v1', condition: 600, web2Id: 'alice', bindOrigin: true });
    expect(ask).toEqual({ askId: expect.stringMatching(/^[0-9a-f-]{36}$/), scoreId: 'credit-v1', condition: 600, web2Id: 'alice', bindOrigin: true });
    expect(asks.create({ scoreId: 'credit-v1', condition: 600, web2Id: 'alice' }).bindOrigin).toBe(false);
    expect(asks.peek(ask.askId)).toEqual(ask);
    expect(asks.take(ask.askId)).toEqual(ask);
    expect(asks.take(ask.askId)).toBeNull();
    for (const junk of [undefined, null, 42, {}, 'nope']) expect(asks.take(junk)).toBeNull();
  });

  it('forgets an ask after its time, and the oldest past its cap', () => {
    let now = 0;
    const asks = new ProofAsks({ ttlMs: 1000, maxAsks: 2, now: () => now });
    const a = asks.create({ scoreId: 's', condition: 1, web2Id: 'a' });
    now = 999;
    expect(asks.peek(a.askId)).not.toBeNull();
    now = 1000;
    expect(asks.peek(a.askId)).toBeNull();
    const [b, c, d] = ['b', 'c', 'd'].map((web2Id) => asks.create({ scoreId: 's', condition: 1, web2Id }));
    expect([b, c, d].map((x) => asks.peek(x!.askId) !== null)).toEqual([false, true, true]);
  });

  it('refuses an ask a server could not mean', () => {
    const asks = new ProofAsks();
    for (const bad of [{ scoreId: '', condition: 1, web2Id: 'a' }, { scoreId: 's', condition: 1.5, web2Id: 'a' }, { scoreId: 's', condition: 1, web2Id: '' }]) {
      expect(() => asks.create(bad)).toThrow(TypeError);
    }
  });
});
