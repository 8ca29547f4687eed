/**
 * The public page API contract (docs/page-api.md): what `window.vantage`
 * takes and gives, its error codes, and the window-message protocol between
 * the main-world script and the isolated relay. Imported by the main-world
 * script, so it must stay free of extension APIs and heavy imports.
 */

import { isRecord } from '@/lib/api/body.ts';

export const PAGE_API_NAME = 'Vantage';
export const PAGE_API_VERSION = '1.0.0';

/** Events on `window`. */
export const ANNOUNCE_EVENT = 'vantage:announce';
export const REQUEST_EVENT = 'vantage:request';
export const PROOF_EVENT = 'vantage:proof';

/**
 * Error codes, EIP-1193 in spirit. Published: never renumber.
 */
export const ProofErrorCode = {
  /** The user rejected the request, closed the consent window, or cancelled the flow. */
  UserRejected: 4001,
  /** The extension has no API key, or this site may not use the API (not a secure context). */
  Unauthorized: 4100,
  /** A request from this tab is already pending. */
  AlreadyPending: 4290,
  /** The extension was updated, reloaded or removed while the request was pending. */
  Disconnected: 4900,
  /** The service failed; the message says how. */
  ServiceFailed: 5000,
  /** The proof was not ready within the configured time. */
  TimedOut: 5001,
  /** Missing, malformed or oversized parameters. */
  InvalidParams: -32602,
} as const;
export type ProofErrorCode = (typeof ProofErrorCode)[keyof typeof ProofErrorCode];

export interface ProofErrorInfo {
  readonly code: ProofErrorCode;
  readonly message: string;
}

export interface ProofRequestParams {
  /** The score model. */
  readonly scoreId: string;
  /** Minimum score: users below it cannot produce a proof. */
  readonly condition: number;
  /** The user's identity in the calling app. */
  readonly web2Id: string;
}

/** What `requestScoreProof` resolves to, and the detail of `vantage:proof`. */
export interface ScoreProofResult {
  readonly sessionId: string;
  /** `Number(publicSignals[0])`. */
  readonly score: number;
  /** The service's proof JSON, parsed, exactly as sent: what `verify` takes. */
  readonly proof: Readonly<Record<string, unknown>>;
  /** `proof.publicSignals`. */
  readonly publicSignals: readonly string[];
}

/** Who started a flow: the page (`requestScoreProof`) or the user from the popup. */
export type FlowSource = 'page' | 'popup';

/**
 * A proof on its way from the worker to the page. It stays the service's own
 * text until the page parses it: every hop that stores or clones an object
 * (Chromium's storage sorts object keys) could otherwise change it.
 */
export interface ProofPayload {
  readonly sessionId: string;
  /** The service's proof JSON, byte for byte. */
  readonly proofText: string;
}

export type ProofOutcome =
  | { readonly ok: true; readonly result: ProofPayload }
  | { readonly ok: false; readonly error: ProofErrorInfo };

/** The page's result from a payload: the proof parsed here, in the page, with its own key order. */
export function scoreProofResult(payload: ProofPayload): ScoreProofResult {
  const proof = JSON.parse(payload.proofText) as Record<string, unknown>;
  const publicSignals = proof.publicSignals as readonly string[];
  return { sessionId: payload.sessionId, score: Number(publicSignals[0]), proof, publicSignals };
}

const LIMITS = {
  web2Id: 256,
  scoreId: 64,
  /** Serialised parameters, checked before anything else. */
  paramsBytes: 2048,
  /** Page-chosen request ids. */
  requestId: 64,
} as const;

export class ProofRequestError extends Error {
  constructor(
    readonly code: ProofErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProofRequestError';
  }
}

function invalid(message: string): ProofRequestError {
  return new ProofRequestError(ProofErrorCode.InvalidParams, message);
}

/**
 * Checks parameters that came from a web page. Returns a fresh object with
 * only the known fields; throws ProofRequestError(-32602) otherwise.
 */
export function parseProofRequest(input: unknown): ProofRequestParams {
  let size: number;
  try {
    size = JSON.stringify(input ?? null).length;
  } catch {
    throw invalid('Parameters must be plain JSON.');
  }
  if (size > LIMITS.paramsBytes) throw invalid(`Parameters are too large (over ${LIMITS.paramsBytes} bytes).`);
  if (!isRecord(input)) throw invalid('Expected an object { scoreId, condition, web2Id }.');
  const { scoreId, condition, web2Id } = input;
  if (typeof scoreId !== 'string' || !scoreId.trim()) throw invalid('scoreId must be a non-empty string.');
  if (scoreId.length > LIMITS.scoreId) throw invalid(`scoreId must be at most ${LIMITS.scoreId} characters.`);
  const n = typeof condition === 'string' && condition.trim() !== '' ? Number(condition) : condition;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid('condition must be a finite number.');
  if (typeof web2Id !== 'string' || !web2Id.trim()) throw invalid('web2Id must be a non-empty string.');
  if (web2Id.length > LIMITS.web2Id) throw invalid(`web2Id must be at most ${LIMITS.web2Id} characters.`);
  return { scoreId: scoreId.trim(), condition: n, web2Id };
}

// ---- window messages between the main-world script and the isolated relay ----

/** `target` of messages the relay (isolated world) reads. */
export const RELAY_TARGET = 'vantage:relay';
/** `target` of messages the main-world script reads. */
export const PAGE_TARGET = 'vantage:page';

export type ToRelay =
  | { readonly target: typeof RELAY_TARGET; readonly type: 'hello' }
  | { readonly target: typeof RELAY_TARGET; readonly type: 'request'; readonly id: string; readonly params: unknown };

export type ToPage =
  | { readonly target: typeof PAGE_TARGET; readonly type: 'ready' }
  | { readonly target: typeof PAGE_TARGET; readonly type: 'settled'; readonly id: string; readonly outcome: ProofOutcome }
  | { readonly target: typeof PAGE_TARGET; readonly type: 'proof'; readonly result: ProofPayload }
  | { readonly target: typeof PAGE_TARGET; readonly type: 'gone' };

/** Parses a relay-bound message; null for anything that is not one. */
export function parseToRelay(data: unknown): ToRelay | null {
  if (!isRecord(data) || data.target !== RELAY_TARGET) return null;
  if (data.type === 'hello') return { target: RELAY_TARGET, type: 'hello' };
  if (data.type === 'request' && typeof data.id === 'string' && data.id.length > 0 && data.id.length <= LIMITS.requestId) {
    return { target: RELAY_TARGET, type: 'request', id: data.id, params: data.params };
  }
  return null;
}

export function isProofPayload(v: unknown): v is ProofPayload {
  return isRecord(v) && typeof v.sessionId === 'string' && typeof v.proofText === 'string';
}

export function isOutcome(v: unknown): v is ProofOutcome {
  if (!isRecord(v)) return false;
  if (v.ok === true) return isProofPayload(v.result);
  return v.ok === false && isRecord(v.error) && typeof v.error.code === 'number' && typeof v.error.message === 'string';
}

/** Parses a page-bound message; null for anything that is not one. */
export function parseToPage(data: unknown): ToPage | null {
  if (!isRecord(data) || data.target !== PAGE_TARGET) return null;
  switch (data.type) {
    case 'ready':
    case 'gone':
      return { target: PAGE_TARGET, type: data.type };
    case 'settled':
      return typeof data.id === 'string' && isOutcome(data.outcome) ? (data as unknown as ToPage) : null;
    case 'proof':
      return isProofPayload(data.result) ? (data as unknown as ToPage) : null;
    default:
      return null;
  }
}

/**
 * The one filter for window messages (MetaMask's rule): from this very
 * window, this origin, and addressed to us. Everything else is ignored.
 */
export function isOwnWindowMessage(event: Pick<MessageEvent, 'source' | 'origin'>, win: { readonly location: { readonly origin: string } }): boolean {
  return event.source === win && event.origin === win.location.origin;
}
