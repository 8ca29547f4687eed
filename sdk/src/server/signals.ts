import { createHash } from 'node:crypto';
import { fieldOfSha256, SNARK_FIELD } from '../shared/field.ts';

/**
 * The public signals of a Vantage score proof, in order (the circuit's public inputs; docs/verifying.md):
 * the score, the minimum it was proved against, the model's and the user's hashes, the service's
 * attestation key, and the nullifier (one per wallet per app).
 */
export const SCORE_PROOF_SIGNALS = ['score', 'condition', 'scoreIdHash', 'web2IdHash', 'attesterAx', 'attesterAy', 'nullifier'] as const;
export type ScoreProofSignal = (typeof SCORE_PROOF_SIGNALS)[number];
export type ScoreProofSignals = Readonly<Record<ScoreProofSignal, string>>;

export { SNARK_FIELD, BASE_FIELD } from '../shared/field.ts';

const DECIMAL = /^(0|[1-9]\d{0,76})$/;

/** A decimal string without sign, spaces or leading zeros, below `bound`: the one spelling snarkjs and a hash comparison agree on. */
export function isCanonicalDecimal(v: unknown, bound: bigint = SNARK_FIELD): v is string {
  return typeof v === 'string' && DECIMAL.test(v) && BigInt(v) < bound;
}

/**
 * How the service commits a text (a scoreId, a web2Id) in a proof: the first 31 bytes of the SHA-256
 * of its UTF-8 bytes, read big-endian, as a decimal string.
 */
export function hashToField(text: string): string {
  return fieldOfSha256(createHash('sha256').update(text, 'utf8').digest());
}

/** Names the seven signals; null unless there are exactly seven canonical field elements. */
export function readSignals(publicSignals: unknown): ScoreProofSignals | null {
  if (!Array.isArray(publicSignals) || publicSignals.length !== SCORE_PROOF_SIGNALS.length) return null;
  if (!publicSignals.every((s) => isCanonicalDecimal(s))) return null;
  return Object.fromEntries(SCORE_PROOF_SIGNALS.map((name, i) => [name, publicSignals[i] as string])) as ScoreProofSignals;
}
