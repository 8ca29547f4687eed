/**
 * `@vantage/sdk/server` (Node 20+): a dApp server's checks of a score proof before it believes it
 * (docs/page-api.md, "Verifying a proof on your server"; other languages: docs/verifying.md), and what
 * it asked for (ProofAsks), and the no-extension path: proof sessions your server runs with its own API
 * key (ProofSessions). Verification uses snarkjs, an optional peer dependency: install it beside the
 * SDK on your server.
 */
export {
  verifyScoreProof, VERIFY_CHECKS,
  type VerifyScoreProofOptions, type ScoreProofVerdict, type ScoreProofAccepted, type ScoreProofRefused,
  type VerifyFailureReason, type VerifyCheck, type VerifyChecks,
} from './server/verify.ts';
export { MemoryNullifierStore, type NullifierStore } from './server/nullifiers.ts';
export { ProofAsks, type AskParams, type ProofAsksOptions } from './server/asks.ts';
export {
  ProofSessions, ProofSessionError, SESSION_SERVICE_FAILED,
  type ProofSessionsOptions, type ProofSession, type ProofSessionState,
} from './server/sessions.ts';
export { loadServiceKeys, type ServiceKeys, type AttestationKey, type VerificationKey, type LoadKeysOptions } from './server/keys.ts';
export { hashToField, SCORE_PROOF_SIGNALS, type ScoreProofSignal } from './server/signals.ts';
export type { ProofAsk } from './ask.ts';
export type { ScoreProofResult } from '@/lib/proof/contract.ts';
