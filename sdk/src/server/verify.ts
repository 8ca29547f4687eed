import { boundWeb2Id, type ScoreProofResult } from '@/lib/proof/contract.ts';
import { groth16Verify, isGroth16Proof, VerifierUnavailable } from './groth16.ts';
import { loadServiceKeys, parseAttestationKey, parseVerificationKey, type LoadKeysOptions, type ServiceKeys } from './keys.ts';
import type { NullifierStore } from './nullifiers.ts';
import { hashToField, readSignals, type ScoreProofSignals } from './signals.ts';

/** What your server asked for (the page's `requestScoreProof` parameters, kept in your session) and how to check it. */
export interface VerifyScoreProofOptions {
  /** The score model you asked for. */
  readonly scoreId: string;
  /** The minimum score you asked for (a whole number). */
  readonly condition: number;
  /** Your user's id as you asked, without any origin (even when bound). */
  readonly web2Id: string;
  /** You asked with `bindOrigin: true`: the proof must be bound to `origin`. */
  readonly bindOrigin?: boolean;
  /** Your site's origin (`https://app.example`) from your own configuration, never from the request. Required with `bindOrigin`. */
  readonly origin?: string;
  /**
   * The nullifiers you accepted, `nullifier → userId`. `null` skips the replay check: only for a one-off
   * read of a score, never where a wallet's proof unlocks something.
   */
  readonly nullifiers: NullifierStore | null;
  /**
   * `'same-user'` (default): one wallet, one user — a wallet proving again for the same user is fine, for
   * another user refused. `'never'`: each wallet once (one claim per wallet).
   */
  readonly repeat?: 'same-user' | 'never';
  /** The service's keys; without them they are fetched from `serviceOrigin` (once per process). */
  readonly keys?: ServiceKeys;
  /** The service's origin, whose `/zk/verification_key.json` and `/zk/attestation_key.json` are fetched when `keys` is absent. */
  readonly serviceOrigin?: string;
  /** How those keys are fetched. */
  readonly fetchOptions?: LoadKeysOptions;
  /**
   * Refuse (`too-old`) a proof older than this many milliseconds, counted from `startedAt`. A proof
   * commits no time (docs/verifying.md, "Replay"): only one whose session your server started itself
   * (`ProofSessions`, the no-extension path) has a time your server can trust, and without `startedAt`
   * every proof is refused as one whose age cannot be told.
   */
  readonly maxAgeMs?: number;
  /** When the proof's session started, by your server's own clock (ms since the epoch): `ProofSessions`' `proved(sessionId).startedAt`. */
  readonly startedAt?: number;
  /** The clock `maxAgeMs` is judged by (default Date.now). */
  readonly now?: () => number;
}

/** The checks, in the order a failure is reported (docs/verifying.md). */
export const VERIFY_CHECKS = ['proof', 'attestation', 'model', 'minimum', 'origin', 'web2Id', 'age', 'nullifier'] as const;
export type VerifyCheck = (typeof VERIFY_CHECKS)[number];

/**
 * Why a proof was refused. Published: never renamed.
 * - `invalid-options`: the options are not usable (your bug; nothing was checked).
 * - `malformed`: not a score proof result: missing proof, not seven canonical decimal signals, a proof
 *   object of the wrong shape, or fields that disagree with the proof (`publicSignals`, `score`).
 * - `keys-unavailable`: the service's keys could not be fetched, or are not keys of the right kind.
 * - `invalid-proof`: the Groth16 proof does not verify against the verification key (a tampered signal).
 * - `not-attested`: the proof carries an attestation key other than the service's (publicSignals[4], [5]).
 * - `wrong-model`: proved for another score model (publicSignals[2]).
 * - `below-minimum`: the score is below the minimum you asked for.
 * - `wrong-condition`: proved against another minimum than yours (publicSignals[1]).
 * - `wrong-origin`: you asked for a bound proof and it is bound to another site, or to none.
 * - `wrong-web2id`: commits another user id (publicSignals[3]).
 * - `too-old`: with `maxAgeMs`, the proof's session started longer ago than that, or its start is not known.
 * - `nullifier-other-user`: this wallet already proved for another user (`repeat: 'same-user'`).
 * - `nullifier-used`: this wallet already proved (`repeat: 'never'`).
 * - `nullifier-store-failed`: the nullifier store threw; nothing was accepted.
 * - `verifier-unavailable`: snarkjs (an optional peer dependency of the server entry) is not installed.
 */
export type VerifyFailureReason =
  | 'invalid-options' | 'malformed' | 'keys-unavailable' | 'invalid-proof' | 'not-attested' | 'wrong-model'
  | 'below-minimum' | 'wrong-condition' | 'wrong-origin' | 'wrong-web2id' | 'too-old'
  | 'nullifier-other-user' | 'nullifier-used' | 'nullifier-store-failed' | 'verifier-unavailable';

/** Each check that ran and whether it passed (`nullifier` runs only once every other check passed). */
export type VerifyChecks = Readonly<Partial<Record<VerifyCheck, boolean>>>;

export interface ScoreProofAccepted {
  readonly ok: true;
  /** The proved score (publicSignals[0]). */
  readonly score: ScoreProofResult['score'];
  /** publicSignals[6]: the same for this wallet whenever it proves to your app. */
  readonly nullifier: string;
  /** The web2Id the proof commits: your user id, or with `bindOrigin` its bound form. */
  readonly web2Id: ScoreProofResult['web2Id'];
  /** Your origin when the proof is bound to it, else null. */
  readonly boundOrigin: ScoreProofResult['boundOrigin'];
  readonly checks: VerifyChecks;
}

export interface ScoreProofRefused {
  readonly ok: false;
  /** The first failing check's reason, in VERIFY_CHECKS order. */
  readonly reason: VerifyFailureReason;
  /** A sentence for your logs: what failed, with the values involved (no secrets: it is all public data). */
  readonly message: string;
  readonly checks: VerifyChecks;
}

export type ScoreProofVerdict = ScoreProofAccepted | ScoreProofRefused;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const refuse = (reason: VerifyFailureReason, message: string, checks: VerifyChecks = {}): ScoreProofRefused => ({ ok: false, reason, message, checks });

/** The options' own mistakes, or null. */
function optionsProblem(o: VerifyScoreProofOptions): string | null {
  if (!isRecord(o)) return 'options must be an object';
  if (typeof o.scoreId !== 'string' || o.scoreId === '') return 'scoreId must be a non-empty string';
  if (!Number.isSafeInteger(o.condition) || o.condition < 0) return 'condition must be a whole number ≥ 0';
  if (typeof o.web2Id !== 'string' || o.web2Id === '') return 'web2Id must be a non-empty string';
  if (o.bindOrigin !== undefined && typeof o.bindOrigin !== 'boolean') return 'bindOrigin must be a boolean';
  if (o.bindOrigin) {
    let origin: string | undefined;
    try {
      origin = new URL(String(o.origin)).origin;
    } catch { /* below */ }
    if (typeof o.origin !== 'string' || origin !== o.origin) return 'with bindOrigin, origin must be an origin such as https://app.example (scheme, host, port; no path or trailing slash)';
  }
  if (o.nullifiers !== null && (typeof o.nullifiers !== 'object' || typeof (o.nullifiers as Partial<NullifierStore>).claim !== 'function')) {
    return 'nullifiers must be a NullifierStore, or null to skip the replay check';
  }
  if (o.repeat !== undefined && o.repeat !== 'same-user' && o.repeat !== 'never') return "repeat must be 'same-user' or 'never'";
  if (o.keys === undefined && typeof o.serviceOrigin !== 'string') return 'give keys, or serviceOrigin to fetch them from';
  if (o.maxAgeMs !== undefined && !(typeof o.maxAgeMs === 'number' && o.maxAgeMs >= 0)) return 'maxAgeMs must be a number of milliseconds ≥ 0';
  if (o.startedAt !== undefined && !Number.isFinite(o.startedAt)) return 'startedAt must be a time in milliseconds since the epoch';
  if (o.now !== undefined && typeof o.now !== 'function') return 'now must be a function';
  return null;
}

interface Candidate {
  readonly signals: ScoreProofSignals;
  readonly publicSignals: readonly string[];
  readonly proof: Record<string, unknown>;
  /** What the result says was committed (checked against the proof before any use). */
  readonly web2Id: string | undefined;
}

/** The result as a candidate, or why it is not one. */
function readResult(result: unknown): Candidate | string {
  if (!isRecord(result)) return 'the result is not an object';
  const inner = result.proof;
  if (!isRecord(inner)) return 'the result has no proof object';
  const signals = readSignals(inner.publicSignals);
  if (!signals) return 'proof.publicSignals is not seven canonical decimal field elements';
  if (!isGroth16Proof(inner.proof)) return 'proof.proof is not a Groth16 BN254 proof (pi_a, pi_b, pi_c as canonical decimals)';
  const publicSignals = inner.publicSignals as string[];
  if (result.publicSignals !== undefined
    && (!Array.isArray(result.publicSignals) || result.publicSignals.length !== publicSignals.length || result.publicSignals.some((s, i) => s !== publicSignals[i]))) {
    return 'publicSignals differs from proof.publicSignals';
  }
  if (result.score !== undefined && result.score !== Number(signals.score)) return `score ${String(result.score)} is not the proved ${signals.score}`;
  if (result.web2Id !== undefined && typeof result.web2Id !== 'string') return 'web2Id is not a string';
  return { signals, publicSignals, proof: inner.proof as Record<string, unknown>, web2Id: result.web2Id as string | undefined };
}

async function keysFor(o: VerifyScoreProofOptions): Promise<ServiceKeys | string> {
  if (o.keys !== undefined) {
    const verificationKey = isRecord(o.keys) ? parseVerificationKey(o.keys.verificationKey) : null;
    const attestationKey = isRecord(o.keys) ? parseAttestationKey(o.keys.attestationKey) : null;
    return verificationKey && attestationKey ? { verificationKey, attestationKey } : 'keys is not { verificationKey, attestationKey } of the right kind';
  }
  try {
    return await loadServiceKeys(o.serviceOrigin!, o.fetchOptions);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** The site a committed web2Id names before its first `#` ('' for none). */
const namedOrigin = (web2Id: string): string => {
  const cut = web2Id.indexOf('#');
  return cut > 0 ? web2Id.slice(0, cut) : '';
};

/**
 * Decides whether to believe a score proof a page received (`requestScoreProof`'s result, or a
 * `vantage:proof` event's detail, as your server got it: typically `JSON.parse` of a request body).
 * Never throws and never rejects: garbage gets `{ ok: false, reason: 'malformed' }`.
 * The nullifier is recorded only when every other check passed.
 */
export async function verifyScoreProof(result: unknown, options: VerifyScoreProofOptions): Promise<ScoreProofVerdict> {
  try {
    return await decide(result, options);
  } catch (e) {
    // Unreachable by design; a verifier must still never turn a bug into a thrown request handler.
    return refuse('malformed', `the result could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function decide(result: unknown, o: VerifyScoreProofOptions): Promise<ScoreProofVerdict> {
  const problem = optionsProblem(o);
  if (problem) return refuse('invalid-options', problem);
  const c = readResult(result);
  if (typeof c === 'string') return refuse('malformed', c);
  const keys = await keysFor(o);
  if (typeof keys === 'string') return refuse('keys-unavailable', keys);

  const s = c.signals;
  const origin = o.bindOrigin ? o.origin! : null;
  const expected = origin === null ? o.web2Id : boundWeb2Id(origin, o.web2Id);
  const commitsExpected = s.web2IdHash === hashToField(expected);
  // Which site a bound proof names: ours when it commits what we expect, else what the result says it
  // committed, once the proof confirms it.
  const named = commitsExpected ? origin : c.web2Id !== undefined && s.web2IdHash === hashToField(c.web2Id) ? namedOrigin(c.web2Id) : '';
  const score = Number(s.score);

  let proofValid: boolean;
  try {
    proofValid = await groth16Verify(keys.verificationKey, c.publicSignals, c.proof);
  } catch (e) {
    if (e instanceof VerifierUnavailable) return refuse('verifier-unavailable', e.message);
    throw e;
  }
  const age = o.maxAgeMs === undefined ? undefined : o.startedAt === undefined ? null : (o.now ?? Date.now)() - o.startedAt;
  const checks: Partial<Record<VerifyCheck, boolean>> = {
    proof: proofValid,
    attestation: s.attesterAx === keys.attestationKey.Ax && s.attesterAy === keys.attestationKey.Ay,
    model: s.scoreIdHash === hashToField(o.scoreId),
    minimum: score >= o.condition && s.condition === String(o.condition),
    ...(origin === null ? {} : { origin: named === origin }),
    web2Id: commitsExpected,
    ...(age === undefined ? {} : { age: age !== null && age <= o.maxAgeMs! }),
  };
  const failed = (
    !checks.proof ? refuse('invalid-proof', 'the Groth16 proof does not verify against the verification key', checks)
    : !checks.attestation ? refuse('not-attested', `attested by the key (${s.attesterAx}, ${s.attesterAy}), not the service's`, checks)
    : !checks.model ? refuse('wrong-model', `not a proof for the model ${o.scoreId}`, checks)
    : score < o.condition ? refuse('below-minimum', `score ${score} is below ${o.condition}`, checks)
    : !checks.minimum ? refuse('wrong-condition', `proved against the minimum ${s.condition}, not ${o.condition}`, checks)
    : checks.origin === false ? refuse('wrong-origin', named ? `bound to ${named}, not ${origin}` : `not bound to ${origin}: it names no site`, checks)
    : !checks.web2Id ? refuse('wrong-web2id', `does not commit the web2Id ${expected}`, checks)
    : checks.age === false ? refuse('too-old', age === null ? 'the proof carries no time this server can trust (no startedAt): its age cannot be told' : `started ${age} ms ago, over the ${o.maxAgeMs} ms allowed`, checks)
    : null
  );
  if (failed) return failed;

  if (o.nullifiers !== null) {
    let owner: string | null;
    try {
      owner = await o.nullifiers.claim(s.nullifier, o.web2Id);
    } catch (e) {
      return refuse('nullifier-store-failed', `the nullifier store failed: ${e instanceof Error ? e.message : String(e)}`, checks);
    }
    const repeatOk = owner === null || (o.repeat !== 'never' && owner === o.web2Id);
    checks.nullifier = repeatOk;
    if (!repeatOk) {
      return o.repeat === 'never'
        ? refuse('nullifier-used', 'this wallet already proved to this app', checks)
        : refuse('nullifier-other-user', 'this wallet already proved for another user', checks);
    }
  }
  return { ok: true, score, nullifier: s.nullifier, web2Id: expected, boundOrigin: origin, checks };
}
