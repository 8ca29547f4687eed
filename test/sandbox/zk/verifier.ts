import { readFileSync } from 'node:fs';
import * as snarkjs from 'snarkjs';
import { isRecord } from '@/lib/api/body.ts';
import type { AttestationPublicKey } from './attestation.ts';
import { isCanonicalFieldString } from './field.ts';
import { zkPaths } from './paths.ts';
import type { ScoreProof } from './prover-protocol.ts';
import { PUBLIC_SIGNALS, readPublicSignals } from './signals.ts';

/** snarkjs's exported Groth16 verification key (only the fields checked here are typed). */
export interface VerificationKey {
  readonly protocol: string;
  readonly curve: string;
  readonly nPublic: number;
  readonly [field: string]: unknown;
}

/** What a verifier trusts: the circuit's key and the service's attestation key. */
export interface VerifierTrust {
  readonly verificationKey: VerificationKey;
  readonly attestationKey: AttestationPublicKey;
}

/** BN254's base field: proof point coordinates lie below it. */
const BASE_FIELD = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;

let committedKey: VerificationKey | undefined;

/** The committed verification key (artifacts/verification_key.json). */
export function loadVerificationKey(): VerificationKey {
  return (committedKey ??= JSON.parse(readFileSync(zkPaths.verificationKey, 'utf8')) as VerificationKey);
}

function isCoordinate(v: unknown): v is string {
  return typeof v === 'string' && /^(0|[1-9]\d{0,76})$/.test(v) && BigInt(v) < BASE_FIELD;
}

function isCoordinates(v: unknown, length: number, item: (x: unknown) => boolean): boolean {
  return Array.isArray(v) && v.length === length && v.every(item);
}

/**
 * The candidate as a score proof, or undefined when it is not one: wrong
 * shape, extra or missing signals, or numbers written in any form other than
 * canonical decimal (snarkjs would accept `s + r` or hex for `s`).
 */
export function parseScoreProof(candidate: unknown): ScoreProof | undefined {
  if (!isRecord(candidate) || !isRecord(candidate.proof) || !Array.isArray(candidate.publicSignals)) return undefined;
  const { proof, publicSignals } = candidate;
  if (proof.protocol !== 'groth16' || proof.curve !== 'bn128') return undefined;
  if (publicSignals.length !== PUBLIC_SIGNALS.length || !publicSignals.every(isCanonicalFieldString)) return undefined;
  const g2Pair = (p: unknown) => isCoordinates(p, 2, isCoordinate);
  if (!isCoordinates(proof.pi_a, 3, isCoordinate) || !isCoordinates(proof.pi_c, 3, isCoordinate)) return undefined;
  if (!isCoordinates(proof.pi_b, 3, g2Pair)) return undefined;
  return {
    proof: {
      pi_a: proof.pi_a as string[], pi_b: proof.pi_b as string[][], pi_c: proof.pi_c as string[],
      protocol: 'groth16', curve: 'bn128',
    },
    publicSignals: publicSignals as string[],
  };
}

/**
 * True only when the candidate is a well-formed Groth16 proof that verifies
 * against the verification key AND was attested by the trusted service key.
 * Never throws: anything malformed is simply not valid.
 */
export async function verifyScoreProof(candidate: unknown, trust: VerifierTrust): Promise<boolean> {
  const parsed = parseScoreProof(candidate);
  if (!parsed || trust.verificationKey.nPublic !== PUBLIC_SIGNALS.length) return false;
  const signals = readPublicSignals(parsed.publicSignals);
  const [ax, ay] = trust.attestationKey;
  if (signals.attesterAx !== ax || signals.attesterAy !== ay) return false;
  try {
    return await snarkjs.groth16.verify(trust.verificationKey, parsed.publicSignals, parsed.proof);
  } catch {
    return false;
  }
}
