import type { Attester } from './attestation.ts';
import { loadPoseidon } from './babyjub.ts';
import { addressToField, hashToField } from './field.ts';
import { toPublicSignals, type PublicSignalValues } from './signals.ts';

/** Scores and conditions are range-checked to this many bits in the circuit. */
export const SCORE_BITS = 32;
/** score.circom's NULLIFIER_TAG(): the ASCII bytes of "nullifier". */
export const NULLIFIER_TAG = BigInt(`0x${Buffer.from('nullifier', 'ascii').toString('hex')}`);

/** What the service attests and the user proves: a wallet's score meets an app's condition. */
export interface ScoreClaim {
  readonly wallet: string;
  readonly score: number;
  readonly condition: number;
  readonly scoreId: string;
  readonly web2Id: string;
  /** The app the nullifier is scoped to (the sandbox uses a hash of its API key). */
  readonly appScope: string;
}

/** The witness inputs of score.circom, as decimal strings. */
export type CircuitInput = Readonly<Record<string, string>>;

export interface PreparedStatement {
  readonly input: CircuitInput;
  /** The public signals a proof of this statement carries. */
  readonly publicSignals: readonly string[];
}

function circuitInteger(name: string, value: number): bigint {
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** SCORE_BITS) {
    throw new RangeError(`${name} must be a whole number from 0 to 2^${SCORE_BITS} - 1, not ${value}.`);
  }
  return BigInt(value);
}

/**
 * Signs the claim with the service's key and lays out the circuit's inputs.
 * Refuses a claim whose score is below its condition: no proof can exist.
 */
export async function prepareStatement(attester: Attester, claim: ScoreClaim): Promise<PreparedStatement> {
  const poseidon = await loadPoseidon();
  const score = circuitInteger('score', claim.score);
  const condition = circuitInteger('condition', claim.condition);
  if (score < condition) throw new RangeError(`The score ${score} is below the condition ${condition}.`);

  const wallet = addressToField(claim.wallet);
  const salt = attester.saltFor(claim.appScope, wallet);
  const scoreIdHash = hashToField(claim.scoreId);
  const web2IdHash = hashToField(claim.web2Id);
  const commitment = poseidon([wallet, salt]);
  const signature = attester.sign(poseidon([commitment, score, scoreIdHash, web2IdHash]));
  const [attesterAx, attesterAy] = attester.publicKey;

  const signals: PublicSignalValues = {
    score, condition, scoreIdHash, web2IdHash, attesterAx, attesterAy,
    nullifier: poseidon([NULLIFIER_TAG, wallet, salt]),
  };
  const input = Object.fromEntries(
    Object.entries({ ...signals, wallet, salt, sigR8x: signature.R8x, sigR8y: signature.R8y, sigS: signature.S })
      .map(([k, v]) => [k, v.toString()]),
  );
  return { input, publicSignals: toPublicSignals(signals) };
}
