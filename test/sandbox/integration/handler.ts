import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WalletDirectory } from '../dataset/profile.ts';
import { createScorer } from '../scores/scorer.ts';
import { createAttester, DEV_ATTESTATION_SECRET, type Attester } from '../zk/attestation.ts';
import { sharedWorkerProver, type Prover } from '../zk/prover.ts';
import { loadVerificationKey, type VerifierTrust } from '../zk/verifier.ts';
import { answerOperation, type ApiDeps } from './api-routes.ts';
import { HttpError, sendHttpError, sendJson } from './http.ts';
import { matchIntegrationOperation } from './operations.ts';
import { answerPage, type PageDeps } from './page-routes.ts';
import { createProofFlow } from './proof-flow.ts';
import { SESSION_TTL_MS, SessionStore } from './sessions.ts';
import { sendAttestationKey, sendVerificationKey, ZK_PATHS } from './zk-routes.ts';

/** What the HTTP server hands the integration API. */
export interface IntegrationContext {
  readonly wallets: WalletDirectory;
  /** True when the request carries a valid x-apikey. */
  readonly isAuthorized: (req: IncomingMessage) => boolean;
  /** The server's own origin (scheme://host:port), for URLs the API hands out. */
  readonly origin: string;
  /**
   * Secret the attestation key derives from; default: SANDBOX_ATTESTATION_SECRET,
   * else a fixed dev secret (so the published key is stable).
   */
  readonly attestationSecret?: string;
  /** Unix seconds scores are judged at; default: the real clock. Pass the dataset's clock. */
  readonly scoreAsOf?: () => number;
  /** Milliseconds clock for session expiry; default Date.now. */
  readonly clock?: () => number;
  /** Session lifetime; default SESSION_TTL_MS (15 minutes). */
  readonly sessionTtlMs?: number;
  /** Live sessions at most (default DEFAULT_MAX_SESSIONS); createUrl past it answers 503. */
  readonly maxSessions?: number;
  /** Proofs queued or being made at most (default DEFAULT_MAX_PROOF_JOBS); a signature past it answers 503. */
  readonly maxProofJobs?: number;
  /** Generates proofs off the event loop; default: the prover process this process shares (zk/prover.ts). */
  readonly prover?: Prover;
  /** Start the prover with the first session, before its proof is asked for (default false: with the first proof). */
  readonly warmProver?: boolean;
  /** Shown on the proof page as the app asking; default "Vantage sandbox app". */
  readonly appName?: string;
}

/**
 * Handles a request under the integration base (`/v1/...`) and the proof
 * page. `url` is the full request URL; the `/v1` prefix is optional.
 * Resolves true when the request was handled, false to let the server 404 it.
 */
export type IntegrationHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => Promise<boolean>;

/** The handler, plus what a server (or test) needs to shut it down cleanly. */
export interface IntegrationService extends IntegrationHandler {
  /** The service's attestation public key (Ax, Ay), as proofs carry it. */
  attestationKey(): Promise<VerifierTrust['attestationKey']>;
  /** Resolves once every proof started so far has finished or failed. */
  idle(): Promise<void>;
  /** Lets go of what the handler holds (nothing of its own today; the prover is shared or the caller's). */
  close(): Promise<void>;
}

/**
 * The integration API (createUrl, getProofData, verify, calculateCustomScore),
 * the proof page at /proof/{sessionId}, and the public ZK keys under /zk/.
 */
export function createIntegrationHandler(ctx: IntegrationContext): IntegrationService {
  let attester: Promise<Attester> | undefined;
  const getAttester = () => (attester ??= createAttester(
    ctx.attestationSecret ?? (process.env.SANDBOX_ATTESTATION_SECRET || DEV_ATTESTATION_SECRET),
  ));
  const trust = async (): Promise<VerifierTrust> => ({
    verificationKey: loadVerificationKey(),
    attestationKey: (await getAttester()).publicKey,
  });

  const prover = ctx.prover ?? sharedWorkerProver();
  // circomlibjs takes seconds of CPU to build its curve and hashers, and the prover is a process of its own:
  // both start with the first session (createUrl), not with the server. A sandbox that only serves data (most
  // test worlds) never pays for them, and the user's way through the proof page, before the first proof is
  // asked for, leaves them the time.
  let warmed = false;
  const warmForProofs = () => {
    if (warmed) return;
    warmed = true;
    getAttester().catch(() => undefined);
    if (ctx.warmProver) prover.warm?.();
  };
  const sessions = new SessionStore(ctx.clock ?? Date.now, ctx.sessionTtlMs ?? SESSION_TTL_MS, ctx.maxSessions);
  const scorer = createScorer(ctx.wallets, ctx.scoreAsOf ?? (() => Math.floor(Date.now() / 1000)));
  const flow = createProofFlow({ sessions, scorer, attester: getAttester, prover, maxJobs: ctx.maxProofJobs });
  const api: ApiDeps = { sessions, scorer, trust };
  const page: PageDeps = { sessions, flow, wallets: ctx.wallets, appName: ctx.appName ?? 'Vantage sandbox app' };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const { pathname } = url;
    const operation = matchIntegrationOperation(pathname);
    if (operation) {
      if (!ctx.isAuthorized(req)) throw new HttpError(401, 'Missing or invalid x-apikey header.');
      if (operation.op.id === 'createUrl') warmForProofs();
      await answerOperation(api, req, res, url, operation);
      return true;
    }
    if (pathname === ZK_PATHS.verificationKey) {
      await sendVerificationKey(res);
      return true;
    }
    if (pathname === ZK_PATHS.attestationKey) {
      sendAttestationKey(res, (await getAttester()).publicKey);
      return true;
    }
    return answerPage(page, req, res, pathname);
  }

  const handler: IntegrationHandler = async (req, res, url) => {
    try {
      return await route(req, res, url);
    } catch (error) {
      if (error instanceof HttpError) sendHttpError(res, error);
      else {
        console.error('integration API:', error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal error in the sandbox integration API.' });
      }
      return true;
    }
  };

  return Object.assign(handler, {
    attestationKey: async () => (await getAttester()).publicKey,
    idle: () => flow.idle(),
    // The prover is the caller's, or the one this process shares (zk/prover.ts): not this handler's to stop.
    close: async () => undefined,
  });
}
