/**
 * The mock's prover (sdk/src/testing/mock-prover.ts) held to BN254 as snarkjs computes it: its G1
 * arithmetic, its key's points against the published trapdoor, and its proofs against snarkjs's verify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curves, groth16 } from 'snarkjs';
import { g1Times } from '@/sdk/src/testing/g1.ts';
import { MOCK_SERVICE_KEYS, mockProof } from '@/sdk/src/testing/mock-prover.ts';
import keys from '@/sdk/src/testing/mock-keys.json';
import { hashToField } from '@/sdk/src/server.ts';

interface Group { g: unknown; timesScalar(p: unknown, s: Uint8Array): unknown; toAffine(p: unknown): unknown; toObject(p: unknown): bigint[] | bigint[][] }
interface Curve { G1: Group; G2: Group; terminate(): Promise<void> }

const le = (n: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 0, v = n; i < 32; i++, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
};
const decimals = (v: unknown): unknown => (Array.isArray(v) ? v.map(decimals) : typeof v === 'bigint' ? v.toString() : v);

let curve: Curve;
beforeAll(async () => {
  curve = (await curves.getCurveFromName('bn128', { singleThread: true })) as unknown as Curve;
});
afterAll(async () => {
  await curve?.terminate();
});
const times = (group: Group, s: bigint) => decimals(group.toObject(group.toAffine(group.timesScalar(group.g, le(s)))));

describe('the mock prover', { timeout: 60_000 }, () => {
  it('multiplies on G1 as snarkjs does', () => {
    for (const k of [1n, 2n, 3n, 0xdeadbeefn, 2n ** 200n + 12345n, BigInt(keys.trapdoor.alpha)]) {
      expect([...g1Times(k), '1']).toEqual(times(curve.G1, k));
    }
  });

  it('its key is what its trapdoor says: every point the trapdoor’s multiple of the generator', () => {
    const vk = keys.verificationKey;
    expect(vk.vk_alpha_1).toEqual(times(curve.G1, BigInt(keys.trapdoor.alpha)));
    expect(vk.vk_beta_2).toEqual(times(curve.G2, BigInt(keys.trapdoor.beta)));
    expect(vk.vk_gamma_2).toEqual(times(curve.G2, BigInt(keys.trapdoor.gamma)));
    expect(vk.vk_delta_2).toEqual(times(curve.G2, BigInt(keys.trapdoor.delta)));
    expect(vk.IC).toEqual(keys.trapdoor.ic.map((s) => times(curve.G1, BigInt(s))));
    expect(keys.trapdoor.B).toEqual(times(curve.G2, BigInt(keys.trapdoor.b)));
  });

  it('proves any public signals, and only those, against MOCK_SERVICE_KEYS', async () => {
    const { Ax, Ay } = MOCK_SERVICE_KEYS.attestationKey;
    const signals = ['747', '600', hashToField('credit-v1'), hashToField('alice@example.com'), Ax, Ay, hashToField('wallet')];
    const { proof, publicSignals } = mockProof(signals);
    expect(publicSignals).toEqual(signals);
    expect(await groth16.verify(MOCK_SERVICE_KEYS.verificationKey, signals, proof)).toBe(true);
    for (let i = 0; i < signals.length; i++) {
      const changed = signals.map((s, j) => (j === i ? String(BigInt(s) + 1n) : s));
      expect(await groth16.verify(MOCK_SERVICE_KEYS.verificationKey, changed, proof)).toBe(false);
    }
    // Two proofs of the same signals differ (A is random), both valid.
    const again = mockProof(signals);
    expect(again.proof.pi_a).not.toEqual(proof.pi_a);
    expect(await groth16.verify(MOCK_SERVICE_KEYS.verificationKey, signals, again.proof)).toBe(true);
  });
});
