import type { Scorer } from '../scores/scorer.ts';
import type { ScoreModel } from '../scores/model.ts';
import type { Attester } from '../zk/attestation.ts';
import type { Prover } from '../zk/prover.ts';
import { prepareStatement } from '../zk/statement.ts';
import { atCapacity, HttpError } from './http.ts';
import type { ProofSession, SessionPhase, SessionStore } from './sessions.ts';

export interface ProofFlowDeps {
  readonly sessions: SessionStore;
  readonly scorer: Scorer;
  readonly attester: () => Promise<Attester>;
  readonly prover: Prover;
  /** Proofs queued or being made at most (DEFAULT_MAX_PROOF_JOBS); past it, start answers 503. */
  readonly maxJobs?: number;
}

/** The prover makes one proof at a time (about 1 s each): a longer queue only makes everyone wait. */
export const DEFAULT_MAX_PROOF_JOBS = 8;
/** When a full queue has a free place again: about one proof's time. */
const PROOF_TIME_MS = 2000;

export interface ProofFlow {
  /**
   * Scores the (already verified) wallet for the session. Below the condition
   * the session says so and no proof is made; otherwise proving starts in the
   * background and the session reads `proving` until it finishes or fails.
   * Throws a 503 (the session unchanged) when the prover's queue is full.
   */
  start(session: ProofSession, model: ScoreModel, wallet: `0x${string}`): SessionPhase;
  /** Resolves once every proof started so far has settled. */
  idle(): Promise<void>;
}

/** Phases from which a user may (re)try with a wallet. */
const STARTABLE = new Set<SessionPhase['kind']>(['awaiting-wallet', 'below-condition', 'failed']);

export function createProofFlow(deps: ProofFlowDeps): ProofFlow {
  const running = new Set<Promise<void>>();
  const maxJobs = deps.maxJobs ?? DEFAULT_MAX_PROOF_JOBS;

  async function prove(session: ProofSession, wallet: `0x${string}`, score: number): Promise<void> {
    let next: SessionPhase;
    try {
      const statement = await prepareStatement(await deps.attester(), { ...session.request, wallet, score });
      const proof = await deps.prover.prove(statement.input);
      next = { kind: 'finished', score, proof: JSON.stringify({ proof: proof.proof, publicSignals: proof.publicSignals }) };
    } catch (error) {
      next = { kind: 'failed', score, error: error instanceof Error ? error.message : String(error) };
    }
    if (deps.sessions.isLive(session) && session.phase.kind === 'proving') session.phase = next;
  }

  return {
    start(session, model, wallet) {
      if (!STARTABLE.has(session.phase.kind)) {
        throw new HttpError(409, `This session is already ${session.phase.kind === 'proving' ? 'proving' : 'finished'}.`);
      }
      const { score } = deps.scorer.score(model, wallet);
      if (score < session.request.condition) {
        session.phase = { kind: 'below-condition', score };
        return session.phase;
      }
      if (running.size >= maxJobs) {
        throw atCapacity(`The prover is busy with ${running.size} proofs, its limit; sign again in a moment.`, PROOF_TIME_MS);
      }
      session.phase = { kind: 'proving', score };
      const job = prove(session, wallet, score).finally(() => running.delete(job));
      running.add(job);
      return session.phase;
    },
    async idle() {
      await Promise.all([...running]);
    },
  };
}
