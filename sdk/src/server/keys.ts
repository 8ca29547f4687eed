import { BASE_FIELD, isCanonicalDecimal, SCORE_PROOF_SIGNALS } from './signals.ts';

/** The service's Baby Jubjub EdDSA public key, as `{origin}/zk/attestation_key.json` gives it (other fields ignored). */
export interface AttestationKey {
  readonly Ax: string;
  readonly Ay: string;
}

/** snarkjs's exported Groth16 verification key, as `{origin}/zk/verification_key.json` gives it. */
export type VerificationKey = Readonly<Record<string, unknown>>;

/** What a verifier trusts: the circuit's verification key and the service's attestation key. */
export interface ServiceKeys {
  readonly verificationKey: VerificationKey;
  readonly attestationKey: AttestationKey;
}

export interface LoadKeysOptions {
  /** Default: the global fetch. */
  readonly fetch?: typeof fetch;
  /** Per request; default 10 s. */
  readonly timeoutMs?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Groth16 key on BN254 for a circuit with the score proof's seven public signals; null otherwise. */
export function parseVerificationKey(v: unknown): VerificationKey | null {
  if (!isRecord(v) || v.protocol !== 'groth16' || v.curve !== 'bn128' || v.nPublic !== SCORE_PROOF_SIGNALS.length) return null;
  const ic = v.IC;
  const point = (p: unknown) => Array.isArray(p) && p.length === 3 && p.every((c) => isCanonicalDecimal(c, BASE_FIELD));
  return Array.isArray(ic) && ic.length === SCORE_PROOF_SIGNALS.length + 1 && ic.every(point) ? v : null;
}

/** `{ Ax, Ay }` as canonical field elements; null otherwise. */
export function parseAttestationKey(v: unknown): AttestationKey | null {
  return isRecord(v) && isCanonicalDecimal(v.Ax) && isCanonicalDecimal(v.Ay) ? { Ax: v.Ax, Ay: v.Ay } : null;
}

/** The keys of each service origin, fetched once per process (a failed fetch is not kept: the next call tries again). */
const loaded = new Map<string, Promise<ServiceKeys>>();

async function fetchJson(url: string, opts: LoadKeysOptions): Promise<unknown> {
  const res = await (opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json() as Promise<unknown>;
}

/**
 * The service's public keys from `{serviceOrigin}/zk/verification_key.json` and
 * `{serviceOrigin}/zk/attestation_key.json`, fetched once per origin and kept for the process's life.
 * Rejects when either cannot be fetched or is not a key of the right kind.
 */
export function loadServiceKeys(serviceOrigin: string, opts: LoadKeysOptions = {}): Promise<ServiceKeys> {
  const origin = new URL(serviceOrigin).origin;
  let keys = loaded.get(origin);
  if (!keys) {
    keys = (async () => {
      const [vkey, attestation] = await Promise.all([
        fetchJson(`${origin}/zk/verification_key.json`, opts),
        fetchJson(`${origin}/zk/attestation_key.json`, opts),
      ]);
      const verificationKey = parseVerificationKey(vkey);
      const attestationKey = parseAttestationKey(attestation);
      if (!verificationKey) throw new Error(`${origin}/zk/verification_key.json is not a Groth16 BN254 key for ${SCORE_PROOF_SIGNALS.length} public signals.`);
      if (!attestationKey) throw new Error(`${origin}/zk/attestation_key.json has no { Ax, Ay } field elements.`);
      return { verificationKey, attestationKey };
    })();
    loaded.set(origin, keys);
    keys.catch(() => loaded.delete(origin));
  }
  return keys;
}
