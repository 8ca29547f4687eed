import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationSpec } from '@/lib/api/catalog.ts';
import { ParamError, validateParams, type ValidParams } from '@/lib/api/validate.ts';
import { findScoreModel, scoreModels } from '../scores/models.ts';
import { scoreResponseBody } from '../scores/result.ts';
import { SCORE_MAX } from '../scores/scale.ts';
import type { Scorer } from '../scores/scorer.ts';
import { verifyScoreProof, type VerifierTrust } from '../zk/verifier.ts';
import { HttpError, isRecord, readJsonBody, requireMethod, sendJson } from './http.ts';
import type { MatchedOperation } from './operations.ts';
import { queryParams } from './operations.ts';
import { headerKey } from '../auth.ts';
import type { SessionStore } from './sessions.ts';

export interface ApiDeps {
  readonly sessions: SessionStore;
  readonly scorer: Scorer;
  readonly trust: () => Promise<VerifierTrust>;
}

/** Longest web2Id accepted: it is shown on the proof page and hashed into the proof. */
export const MAX_WEB2ID_LENGTH = 256;

function validated(op: OperationSpec, params: Record<string, unknown>): ValidParams {
  try {
    return validateParams(op, params, { allowUnknown: true });
  } catch (error) {
    if (error instanceof ParamError) throw new HttpError(400, error.message);
    throw error;
  }
}

const knownScoreIds = () => scoreModels.map((m) => m.id).join(', ');

/** The nullifier's app scope: a hash of the API key, so the key itself is never kept. */
function appScopeOf(req: IncomingMessage): string {
  return createHash('sha256').update(headerKey(req) ?? '').digest('hex');
}

type OperationHandler = (
  deps: ApiDeps, req: IncomingMessage, res: ServerResponse, url: URL, match: MatchedOperation,
) => Promise<void>;

const createUrl: OperationHandler = async (deps, req, res, url, { op }) => {
  requireMethod(req, 'GET');
  const p = validated(op, queryParams(url));
  const web2Id = String(p.web2Id);
  const condition = Number(p.condition);
  const scoreId = String(p.scoreId);
  if (web2Id.length > MAX_WEB2ID_LENGTH) {
    throw new HttpError(400, `Parameter "web2Id" must be at most ${MAX_WEB2ID_LENGTH} characters.`);
  }
  if (!Number.isInteger(condition) || condition < 0 || condition > SCORE_MAX) {
    throw new HttpError(400, `Parameter "condition" must be a whole score from 0 to ${SCORE_MAX}.`);
  }
  if (!findScoreModel(scoreId)) {
    throw new HttpError(400, `Unknown scoreId "${scoreId}"; known: ${knownScoreIds()}.`);
  }
  const session = deps.sessions.create({ web2Id, condition, scoreId, appScope: appScopeOf(req) });
  sendJson(res, 200, { sessionId: session.id });
};

const getProofData: OperationHandler = async (deps, req, res, url, { op }) => {
  requireMethod(req, 'GET');
  const { sessionId } = validated(op, queryParams(url));
  const session = deps.sessions.get(String(sessionId));
  if (!session) throw new HttpError(404, 'Unknown or expired sessionId.');
  const { phase } = session;
  sendJson(res, 200, phase.kind === 'finished' ? { status: 'FINISHED', proof: phase.proof } : { status: 'PROCESSING' });
};

const verifyProof: OperationHandler = async (deps, req, res, _url, { op }) => {
  requireMethod(req, 'POST');
  const body = await readJsonBody(req);
  if (!isRecord(body)) throw new HttpError(400, 'The request body must be a JSON object { proof }.');
  const { proof } = validated(op, body);
  sendJson(res, 200, { valid: await verifyScoreProof(proof, await deps.trust()) });
};

const calculateCustomScore: OperationHandler = async (deps, req, res, url, { op, pathParams }) => {
  requireMethod(req, 'GET');
  const p = validated(op, { ...queryParams(url), ...pathParams });
  const model = findScoreModel(String(p.scoreId));
  if (!model) throw new HttpError(404, `Unknown scoreId "${String(p.scoreId)}"; known: ${knownScoreIds()}.`);
  const address = String(p.entity_address).toLowerCase() as `0x${string}`;
  sendJson(res, 200, scoreResponseBody(deps.scorer.score(model, address)));
};

const handlers: Readonly<Record<string, OperationHandler>> = {
  createUrl, getProofData, verifyProof, calculateCustomScore,
};

/** Answers one of the catalog's integration operations (the caller has checked the API key). */
export async function answerOperation(
  deps: ApiDeps, req: IncomingMessage, res: ServerResponse, url: URL, match: MatchedOperation,
): Promise<void> {
  const handler = handlers[match.op.id];
  if (!handler) throw new HttpError(501, `Operation "${match.op.id}" is not implemented.`);
  await handler(deps, req, res, url, match);
}

/** The catalog operations this module answers (a test checks it covers them all). */
export const answeredOperationIds: readonly string[] = Object.keys(handlers);
