import { asNumber, cleanServiceText, isRecord } from './body.ts';

/**
 * Shape checks for the integration API's answers. Each returns the typed
 * value or throws a plain Error (the client turns it into `bad-response`).
 * Data-API bodies are left to lib/normalize, which tolerates damage.
 */

export interface CreateUrlResult {
  readonly sessionId: string;
  /** An early version of the service answered a ready URL instead. */
  readonly url?: string;
}

export type ProofStatus = 'PROCESSING' | 'FINISHED';

export interface ProofDataResult {
  readonly status: ProofStatus;
  /** The proof as the service sent it: a JSON string. */
  readonly proof?: string;
}

export interface VerifyResult {
  readonly valid: boolean;
}

export interface ScoreResult {
  /** The score, or null when the model answered none. */
  readonly score: number | null;
  /** Every other property the model returned, kept as sent. */
  readonly extras: Readonly<Record<string, unknown>>;
}

function httpUrl(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

export function parseCreateUrl(body: unknown): CreateUrlResult {
  if (!isRecord(body)) throw new Error('createUrl answered no object.');
  const url = httpUrl(body.url);
  let sessionId = typeof body.sessionId === 'string' ? body.sessionId.trim() : '';
  if (!sessionId && url) {
    // The early shape carried the session only inside the URL.
    sessionId = new URL(url).searchParams.get('sessionId') ?? url.split('/').filter(Boolean).pop() ?? '';
  }
  if (!sessionId) throw new Error('createUrl answered no sessionId.');
  return url ? { sessionId, url } : { sessionId };
}

export function parseProofData(body: unknown): ProofDataResult {
  if (!isRecord(body)) throw new Error('getProofData answered no object.');
  const status = typeof body.status === 'string' ? body.status.toUpperCase() : '';
  if (status === 'PROCESSING') return { status };
  if (status === 'FINISHED') {
    const proof = typeof body.proof === 'string' ? body.proof : isRecord(body.proof) ? JSON.stringify(body.proof) : '';
    if (!proof) throw new Error('getProofData said FINISHED but sent no proof.');
    return { status, proof };
  }
  // The status is service text: shown cleaned and capped, never raw.
  const said = typeof body.status === 'string' || typeof body.status === 'number' ? cleanServiceText(String(body.status).slice(0, 200)) : null;
  throw new Error(said ? `getProofData answered an unknown status "${said}".` : 'getProofData answered no status.');
}

export function parseVerify(body: unknown): VerifyResult {
  if (!isRecord(body) || typeof body.valid !== 'boolean') throw new Error('verify answered no "valid" flag.');
  return { valid: body.valid };
}

export function parseScore(body: unknown): ScoreResult {
  if (!isRecord(body)) throw new Error('calculateCustomScore answered no object.');
  const { score, ...extras } = body;
  return { score: asNumber(score), extras };
}

/** The parsed proof: `{ proof, publicSignals }` with the score at publicSignals[0]. */
export interface ParsedProof {
  readonly publicSignals: readonly string[];
  readonly score: number;
  /** The whole object exactly as the service sent it (what verify takes). */
  readonly raw: Readonly<Record<string, unknown>>;
}

export function parseProofJson(text: string): ParsedProof {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('The proof is not valid JSON.');
  }
  if (!isRecord(raw) || !isRecord(raw.proof) || !Array.isArray(raw.publicSignals) || raw.publicSignals.length === 0) {
    throw new Error('The proof has no proof object or public signals.');
  }
  const publicSignals = raw.publicSignals.map((s) => String(s));
  const score = Number(publicSignals[0]);
  if (!Number.isFinite(score)) throw new Error('The proof carries no numeric score.');
  return { publicSignals, score, raw };
}
