/**
 * The public page API contract (docs/page-api.md): what `window.vantage`
 * takes and gives, its error codes, and the message protocol between
 * the page-world script and the isolated relay. Imported by the main-world
 * script, so it must stay free of extension APIs and heavy imports.
 */

import { isRecord } from '@/lib/api/body.ts';

export const PAGE_API_NAME = 'Vantage';
/** 1.1.0 added `vantage_cancelRequest` (`cancelRequest`); nothing of 1.0.0 changed. */
export const PAGE_API_VERSION = '1.1.0';

/** Reverse-DNS id of the provider (EIP-6963 `rdns`). */
export const PAGE_API_RDNS = 'app.vantage';
/** The extension's icon (public/icon.svg) as a data URI, for the announce event (EIP-6963 `icon`). */
export const PAGE_API_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">\n'
  + '  <rect width="128" height="128" rx="28" fill="#3d5afe"/>\n'
  + '  <path d="M30 36 L64 96 L98 36" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>\n'
  + '  <circle cx="64" cy="44" r="9" fill="#35d0c5"/>\n'
  + '</svg>\n',
)}`;

/** The detail of `vantage:announce`: EIP-6963's provider info, plus the API version. */
export interface ProviderInfo {
  /** A fresh UUID v4 per page load (EIP-6963). */
  readonly uuid: string;
  readonly name: string;
  /** A data URI (EIP-6963). */
  readonly icon: string;
  readonly rdns: string;
  readonly version: string;
}

/** Events on `window`. */
export const ANNOUNCE_EVENT = 'vantage:announce';
export const REQUEST_EVENT = 'vantage:request';
export const PROOF_EVENT = 'vantage:proof';
export const PROGRESS_EVENT = 'vantage:progress';

/** The methods of `window.vantage.request({ method, params })`. */
export const PAGE_METHODS = {
  requestScoreProof: 'vantage_requestScoreProof',
  /** Since 1.1.0: the page stops a request of its own (CancelRequestParams); it rejects 4001. */
  cancelRequest: 'vantage_cancelRequest',
} as const;

/** `vantage_cancelRequest`'s parameters: the id of this page's request (its progress events carry it). */
export interface CancelRequestParams {
  readonly id: string;
}

/** The message a request the page cancelled is rejected with (4001). */
export const PAGE_CANCELLED_MESSAGE = 'The page cancelled the request.';

/**
 * Error codes, EIP-1193 in spirit. Published: never renumber.
 */
export const ProofErrorCode = {
  /** The user rejected the request, closed the consent window or the proof page, or cancelled the flow. */
  UserRejected: 4001,
  /** The extension has no API key, or this site may not use the API (not a secure context). */
  Unauthorized: 4100,
  /** `request({ method })` with a method Vantage does not have (EIP-1193 "Unsupported Method"). */
  UnsupportedMethod: 4200,
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

/**
 * Where a page's request stands (`vantage:progress`, and the request's `onProgress`), in this
 * order; `consent` is skipped for an always-allowed site, `verifying` when the user turned
 * verification off. Every request ends with exactly one of `handed-over` or `failed`.
 */
export const PROGRESS_PHASES = ['requested', 'consent', 'approved', 'proof-page', 'proof-received', 'verifying', 'handed-over', 'failed'] as const;
export type ProgressPhase = (typeof PROGRESS_PHASES)[number];
/** The phases the worker reports; the page API adds `requested` and the two endings itself. */
export type WorkerProgressPhase = Exclude<ProgressPhase, 'requested' | 'handed-over' | 'failed'>;

/** The detail of `vantage:progress`: nothing the final result would not reveal. */
export interface ProofProgress {
  /** The request's id (the same in every event of one request). */
  readonly id: string;
  readonly phase: ProgressPhase;
  /** With `failed`: the code the promise is rejected with. */
  readonly code?: number;
}

export function isWorkerProgressPhase(v: unknown): v is WorkerProgressPhase {
  return typeof v === 'string' && (PROGRESS_PHASES as readonly string[]).includes(v) && v !== 'requested' && v !== 'handed-over' && v !== 'failed';
}

export interface ProofRequestParams {
  /** The score model. */
  readonly scoreId: string;
  /** Minimum score: users below it cannot produce a proof. */
  readonly condition: number;
  /** The user's identity in the calling app. */
  readonly web2Id: string;
  /** Bind the proof to the requesting origin: the service is sent `boundWeb2Id(origin, web2Id)`. */
  readonly bindOrigin?: boolean;
}

/** The version of the result shape below; fields are only ever added, never changed. */
export const RESULT_VERSION = 1;

/** The longest web2Id the service takes (createUrl): a bound one must fit too. */
export const SERVICE_WEB2ID_MAX = 256;

/**
 * The web2Id a proof bound to `origin` commits (docs/page-api.md, "Proofs bound to your site"):
 * the origin as the browser reports it, `#`, then the page's web2Id. An origin never contains `#`,
 * so the first `#` splits it unambiguously.
 */
export function boundWeb2Id(origin: string, web2Id: string): string {
  return `${origin}#${web2Id}`;
}

/** What `requestScoreProof` resolves to, and the detail of `vantage:proof`. */
export interface ScoreProofResult {
  /** The shape's version (RESULT_VERSION). */
  readonly version: typeof RESULT_VERSION;
  readonly sessionId: string;
  /** `Number(publicSignals[0])`. */
  readonly score: number;
  /** The service's proof JSON, parsed, exactly as sent: what `verify` takes. */
  readonly proof: Readonly<Record<string, unknown>>;
  /** `proof.publicSignals`. */
  readonly publicSignals: readonly string[];
  /** The web2Id Vantage sent the service, which the proof commits (the sandbox: `publicSignals[3]` is its hash). */
  readonly web2Id: string;
  /** The origin the proof is bound to (`bindOrigin`), else null. */
  readonly boundOrigin: string | null;
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
  /** The web2Id sent to the service. */
  readonly web2Id: string;
  readonly boundOrigin?: string;
}

export type ProofOutcome =
  | { readonly ok: true; readonly result: ProofPayload }
  | { readonly ok: false; readonly error: ProofErrorInfo };

/** The page's result from a payload: the proof parsed here, in the page, with its own key order. */
export function scoreProofResult(payload: ProofPayload): ScoreProofResult {
  const proof = JSON.parse(payload.proofText) as Record<string, unknown>;
  const publicSignals = proof.publicSignals as readonly string[];
  return {
    version: RESULT_VERSION, sessionId: payload.sessionId, score: Number(publicSignals[0]), proof, publicSignals,
    web2Id: payload.web2Id, boundOrigin: payload.boundOrigin ?? null,
  };
}

const LIMITS = {
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

// ---- messages between the page-world script and the relay, over their private port (lib/proof/page-channel.ts) ----

/** `target` of messages the relay (isolated world) reads. */
export const RELAY_TARGET = 'vantage:relay';
/** `target` of messages the page-world script reads. */
export const PAGE_TARGET = 'vantage:page';

export type ToRelay =
  | { readonly target: typeof RELAY_TARGET; readonly type: 'request'; readonly id: string; readonly params: unknown }
  /** Is the extension still there? Sent while requests are pending; answered `pong` or `gone`. */
  | { readonly target: typeof RELAY_TARGET; readonly type: 'ping' }
  /** The page no longer waits for this request (it settled, or the page gave up on it). */
  | { readonly target: typeof RELAY_TARGET; readonly type: 'done'; readonly id: string };

export type ToPage =
  | { readonly target: typeof PAGE_TARGET; readonly type: 'settled'; readonly id: string; readonly outcome: ProofOutcome }
  | { readonly target: typeof PAGE_TARGET; readonly type: 'proof'; readonly result: ProofPayload }
  | { readonly target: typeof PAGE_TARGET; readonly type: 'progress'; readonly id: string; readonly phase: WorkerProgressPhase }
  | { readonly target: typeof PAGE_TARGET; readonly type: 'pong' }
  /** The worker started a flow for this request: from now on the page says when it stops waiting (`done`). */
  | { readonly target: typeof PAGE_TARGET; readonly type: 'accepted'; readonly id: string }
  /** The extension was updated, reloaded, disabled or removed: nothing pending will be answered. */
  | { readonly target: typeof PAGE_TARGET; readonly type: 'gone' };

const isRequestId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= LIMITS.requestId;

/** Parses a relay-bound message; null for anything that is not one. */
export function parseToRelay(data: unknown): ToRelay | null {
  if (!isRecord(data) || data.target !== RELAY_TARGET) return null;
  if (data.type === 'ping') return { target: RELAY_TARGET, type: 'ping' };
  if (data.type === 'request' && isRequestId(data.id)) return { target: RELAY_TARGET, type: 'request', id: data.id, params: data.params };
  if (data.type === 'done' && isRequestId(data.id)) return { target: RELAY_TARGET, type: 'done', id: data.id };
  return null;
}

export function isProofPayload(v: unknown): v is ProofPayload {
  return isRecord(v) && typeof v.sessionId === 'string' && typeof v.proofText === 'string' && typeof v.web2Id === 'string'
    && (v.boundOrigin === undefined || typeof v.boundOrigin === 'string');
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
    case 'pong':
    case 'gone':
      return { target: PAGE_TARGET, type: data.type };
    case 'settled':
      return typeof data.id === 'string' && isOutcome(data.outcome) ? (data as unknown as ToPage) : null;
    case 'accepted':
      return typeof data.id === 'string' ? { target: PAGE_TARGET, type: 'accepted', id: data.id } : null;
    case 'proof':
      return isProofPayload(data.result) ? (data as unknown as ToPage) : null;
    case 'progress':
      return typeof data.id === 'string' && isWorkerProgressPhase(data.phase) ? { target: PAGE_TARGET, type: 'progress', id: data.id, phase: data.phase } : null;
    default:
      return null;
  }
}

/* `window.vantage`'s public shape (lib/proof/page-api.ts installs it): what a dApp codes against. */

/** Per-request options (not sent anywhere: they stay in the page). */
export interface RequestOptions {
  /** Called with each progress event of this request, as `vantage:progress` is dispatched. */
  readonly onProgress?: (progress: ProofProgress) => void;
}

/** EIP-1193's request arguments. */
export interface RequestArguments {
  readonly method: string;
  readonly params?: unknown;
}

export interface VantageProvider {
  readonly name: string;
  readonly version: string;
  requestScoreProof(params: unknown, options?: RequestOptions): Promise<ScoreProofResult>;
  /**
   * Since 1.1.0: cancels this page's pending request `id` (from its progress events): it rejects
   * 4001 and the extension ends its flow, closing the consent window or the proof page. Resolves
   * true if the request was pending, false if there was nothing to cancel (already settled, unknown).
   */
  cancelRequest(id: string): Promise<boolean>;
  /** EIP-1193 style: `{ method: 'vantage_cancelRequest', params: { id } }`, as `cancelRequest`. */
  request(args: { readonly method: typeof PAGE_METHODS.cancelRequest; readonly params: CancelRequestParams }): Promise<boolean>;
  /** EIP-1193 style: `{ method: 'vantage_requestScoreProof', params }`, same results and errors. */
  request(args: RequestArguments, options?: RequestOptions): Promise<ScoreProofResult>;
}
