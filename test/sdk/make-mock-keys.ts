/**
 * `npx tsx test/sdk/make-mock-keys.ts`: writes the keys of @vantage/sdk/testing's mock
 * (sdk/src/testing/mock-keys.json). A Groth16 verification key on BN254 for the score proof's seven
 * public signals whose trapdoor — the discrete logs of α, β, γ, δ, every IC point and one fixed B — is
 * published beside it, so the mock makes a proof for ANY public signals with two scalar multiplications
 * (sdk/src/testing/mock-prover.ts): no circuit, no proving key, no snarkjs in the page. Such proofs
 * verify (snarkjs's groth16.verify, and so verifyScoreProof) against this key only: a test key that
 * anyone can forge proofs for, never the service's. Run once; the mock's tests hold it to its trapdoor.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { curves } from 'snarkjs';
import { SCORE_PROOF_SIGNALS } from '../../sdk/src/server/signals.ts';
import { hashToField } from '../../sdk/src/server/signals.ts';

const OUT = fileURLToPath(new URL('../../sdk/src/testing/mock-keys.json', import.meta.url));
const R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

interface Group {
  g: unknown;
  timesScalar(p: unknown, s: Uint8Array): unknown;
  toAffine(p: unknown): unknown;
  toObject(p: unknown): unknown;
}
interface Curve {
  G1: Group;
  G2: Group;
  pairing(a: unknown, b: unknown): unknown;
  Gt: { toObject(v: unknown): unknown };
  terminate(): Promise<void>;
}

const scalar = (): bigint => (BigInt(`0x${randomBytes(40).toString('hex')}`) % (R - 1n)) + 1n;
/** Little-endian bytes, as ffjavascript's timesScalar takes a scalar. */
const le = (n: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 0, v = n; i < 32; i++, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
};
/** snarkjs's JSON: every coordinate a decimal string, nested as the point is. */
const json = (v: unknown): unknown => (Array.isArray(v) ? v.map(json) : typeof v === 'bigint' ? v.toString() : v);

const curve = (await curves.getCurveFromName('bn128', { singleThread: true })) as unknown as Curve;
try {
  const trapdoor = { alpha: scalar(), beta: scalar(), gamma: scalar(), delta: scalar(), b: scalar(), ic: SCORE_PROOF_SIGNALS.map(scalar).concat(scalar()) };
  const g1 = (s: bigint) => json(curve.G1.toObject(curve.G1.toAffine(curve.G1.timesScalar(curve.G1.g, le(s)))));
  const g2 = (s: bigint) => json(curve.G2.toObject(curve.G2.toAffine(curve.G2.timesScalar(curve.G2.g, le(s)))));
  const alpha1 = curve.G1.timesScalar(curve.G1.g, le(trapdoor.alpha));
  const beta2 = curve.G2.timesScalar(curve.G2.g, le(trapdoor.beta));
  const verificationKey = {
    protocol: 'groth16',
    curve: 'bn128',
    nPublic: SCORE_PROOF_SIGNALS.length,
    vk_alpha_1: g1(trapdoor.alpha),
    vk_beta_2: g2(trapdoor.beta),
    vk_gamma_2: g2(trapdoor.gamma),
    vk_delta_2: g2(trapdoor.delta),
    vk_alphabeta_12: json(curve.Gt.toObject(curve.pairing(alpha1, beta2))),
    IC: trapdoor.ic.map(g1),
  };
  const keys = {
    about: 'TEST KEYS of @vantage/sdk/testing\'s mockVantage (test/sdk/make-mock-keys.ts). The trapdoor is public: anyone can make a proof '
      + 'of anything that verifies against this key. Verify the mock\'s proofs with it in your tests; never trust it anywhere else.',
    verificationKey,
    attestationKey: { Ax: hashToField('@vantage/sdk/testing mock attester, x'), Ay: hashToField('@vantage/sdk/testing mock attester, y') },
    trapdoor: { ...Object.fromEntries(Object.entries(trapdoor).map(([k, v]) => [k, json(v)])), B: g2(trapdoor.b) },
  };
  writeFileSync(OUT, `${JSON.stringify(keys, null, 2)}\n`);
  console.log(`wrote ${OUT}`);
} finally {
  await curve.terminate();
}
