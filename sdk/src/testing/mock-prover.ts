/**
 * The mock's prover: a Groth16 proof for any seven public signals against the mock's TEST key
 * (mock-keys.json, made by test/sdk/make-mock-keys.ts), whose trapdoor is published. With the discrete
 * logs of α, β, γ, δ and every IC point known, the verifier's equation
 *   e(A, B) = e(α, β) · e(IC₀ + Σ sᵢ·ICᵢ₊₁, γ) · e(C, δ)
 * holds for A = a·G₁ (a random), B fixed (b·G₂) and C = c·G₁ with c = (a·b − α·β − γ·(ic₀ + Σ sᵢ·icᵢ₊₁)) / δ.
 * snarkjs's groth16.verify, and so @vantage/sdk/server's verifyScoreProof given MOCK_SERVICE_KEYS, accept
 * it; against the service's keys it fails, as a forged proof must.
 */
import type { ServiceKeys } from '../server/keys.ts';
import { fieldOfSha256, SNARK_FIELD as R } from '../shared/field.ts';
import { g1Times } from './g1.ts';
import keysJson from './mock-keys.json';


interface MockKeys {
  readonly verificationKey: Record<string, unknown>;
  readonly attestationKey: { readonly Ax: string; readonly Ay: string };
  readonly trapdoor: {
    readonly alpha: string; readonly beta: string; readonly gamma: string; readonly delta: string; readonly b: string;
    readonly ic: readonly string[];
    /** b·G₂, every mock proof's B. */
    readonly B: readonly (readonly string[])[];
  };
}
const keys = keysJson as unknown as MockKeys;

/**
 * The keys a dApp's server verifies the mock's proofs with (`verifyScoreProof(result, { …, keys:
 * MOCK_SERVICE_KEYS })`) in its own tests. TEST KEYS: their trapdoor is public, anyone can make a proof
 * of anything that verifies against them. Never configure them outside tests.
 */
export const MOCK_SERVICE_KEYS: ServiceKeys = Object.freeze({
  verificationKey: keys.verificationKey,
  attestationKey: keys.attestationKey,
});

const modR = (a: bigint): bigint => ((a % R) + R) % R;

function invR(a: bigint): bigint {
  let result = 1n;
  for (let b = modR(a), e = R - 2n; e > 0n; e >>= 1n, b = (b * b) % R) if (e & 1n) result = (result * b) % R;
  return result;
}

function randomScalar(): bigint {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(40));
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  return (n % (R - 1n)) + 1n;
}

/** hashToField (docs/verifying.md) with WebCrypto: what the service commits for a scoreId or a web2Id. */
export async function hashToFieldAsync(text: string): Promise<string> {
  return fieldOfSha256(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** A proof of `publicSignals` (seven canonical decimals) as the service's text would parse: `{ proof, publicSignals }`. */
export function mockProof(publicSignals: readonly string[]): { proof: Record<string, unknown>; publicSignals: string[] } {
  const t = keys.trapdoor;
  const [alpha, beta, gamma, delta, b] = [t.alpha, t.beta, t.gamma, t.delta, t.b].map(BigInt) as [bigint, bigint, bigint, bigint, bigint];
  const ic = t.ic.map(BigInt);
  const inputs = publicSignals.reduce((acc, s, i) => modR(acc + BigInt(s) * ic[i + 1]!), ic[0]!);
  let a: bigint;
  let c: bigint;
  // C must not be the point at infinity (c = 0): another a.
  do {
    a = randomScalar();
    c = modR((a * b - alpha * beta - gamma * inputs) * invR(delta));
  } while (c === 0n);
  const A = g1Times(a);
  const C = g1Times(c);
  return {
    proof: { pi_a: [...A, '1'], pi_b: t.B.map((pair) => [...pair]), pi_c: [...C, '1'], protocol: 'groth16', curve: 'bn128' },
    publicSignals: [...publicSignals],
  };
}
