import {
  ANNOUNCE_EVENT,
  isOwnWindowMessage,
  PAGE_API_ICON,
  PAGE_API_NAME,
  PAGE_API_RDNS,
  PAGE_API_VERSION,
  PAGE_METHODS,
  parseToPage,
  PROGRESS_EVENT,
  PROOF_EVENT,
  ProofErrorCode,
  RELAY_TARGET,
  scoreProofResult,
  REQUEST_EVENT,
  type ProgressPhase,
  type ProofErrorInfo,
  type ProofPayload,
  type ProofProgress,
  type ProofRequestParams,
  type ProviderInfo,
  type RequestArguments,
  type RequestOptions,
  type ScoreProofResult,
  type ToRelay,
  type VantageProvider,
} from './contract.ts';
import { isParamError, parseProofRequest, parseRequestParams, readRequestMethod, readRequestOptions } from './params.ts';

/**
 * `window.vantage`, installed in the page's own (main) world. It only turns
 * calls into window messages for the isolated relay and back into promises:
 * it holds no secrets and checks nothing the worker does not check again.
 */

/** The Error pages receive: a message plus an EIP-1193-style numeric code (and `data` where there is more to say). */
export class VantageError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'VantageError';
  }
}

type PageWindow = Pick<Window, 'addEventListener' | 'dispatchEvent' | 'postMessage' | 'location'>;

interface Pending {
  resolve(r: ScoreProofResult): void;
  reject(e: VantageError): void;
  readonly onProgress?: RequestOptions['onProgress'];
}

const toError = (e: ProofErrorInfo) => new VantageError(e.message, e.code);
/** A parameter refusal (lib/proof/params.ts throws only its own errors) as the page gets it. */
const invalidParams = (e: unknown) => new VantageError(isParamError(e) ? e.message : 'Invalid parameters.', ProofErrorCode.InvalidParams);

/** The result, or null if the payload does not parse (the worker checked it; this guards the page). */
function resultOf(payload: ProofPayload): ScoreProofResult | null {
  try {
    return scoreProofResult(payload);
  } catch {
    return null;
  }
}

/** A UUID v4 (EIP-6963 wants one per page load); crypto.randomUUID exists only in secure contexts. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Installs the provider on `win`; a second call (double injection) does nothing. */
export function installPageApi(win: PageWindow & { vantage?: unknown }): void {
  // Own property only: an element with id="vantage" shows up as `window.vantage` through the prototype.
  if (Object.prototype.hasOwnProperty.call(win, 'vantage')) return;
  const origin = win.location.origin;
  const pending = new Map<string, Pending>();
  const queued: ToRelay[] = [];
  let relayReady = false;
  // Request ids: unique in this page load, and unguessable by nothing else on it (they only label events).
  const idPrefix = uuid().slice(0, 8);
  let seq = 0;

  const info: ProviderInfo = Object.freeze({ uuid: uuid(), name: PAGE_API_NAME, icon: PAGE_API_ICON, rdns: PAGE_API_RDNS, version: PAGE_API_VERSION });
  const announce = () => win.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: info }));
  const send = (msg: ToRelay) => {
    if (relayReady) win.postMessage(msg, origin);
    else queued.push(msg);
  };

  /** One progress event, on window and to the request's callback (whose errors stay the page's own). */
  const progress = (id: string, phase: ProgressPhase, code?: number, onProgress = pending.get(id)?.onProgress) => {
    const detail: ProofProgress = Object.freeze({ id, phase, ...(code !== undefined ? { code } : {}) });
    win.dispatchEvent(new CustomEvent(PROGRESS_EVENT, { detail }));
    if (onProgress) {
      try {
        onProgress(detail);
      } catch (e) {
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  };

  /** Ends a request: its last progress event, then its promise. */
  const end = (id: string, outcome: { ok: true; result: ScoreProofResult } | { ok: false; error: VantageError }) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    progress(id, outcome.ok ? 'handed-over' : 'failed', outcome.ok ? undefined : outcome.error.code, p.onProgress);
    if (outcome.ok) p.resolve(outcome.result);
    else p.reject(outcome.error);
  };

  /**
   * Starts a request: options and parameters are read here, in the page, before anything is
   * posted (the relay and the worker check again). Never throws: a bad argument rejects with -32602.
   */
  const ask = (parse: () => ProofRequestParams, options: unknown): Promise<ScoreProofResult> =>
    new Promise<ScoreProofResult>((resolve, reject) => {
      const id = `${idPrefix}-${++seq}`;
      let onProgress: RequestOptions['onProgress'];
      let refusal: VantageError | undefined;
      try {
        onProgress = readRequestOptions(options).onProgress;
      } catch (e) {
        refusal = invalidParams(e);
      }
      pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      progress(id, 'requested');
      let params: ProofRequestParams | undefined;
      try {
        if (!refusal) params = parse();
      } catch (e) {
        refusal = invalidParams(e);
      }
      if (refusal || !params) {
        end(id, { ok: false, error: refusal ?? invalidParams(undefined) });
        return;
      }
      send({ target: RELAY_TARGET, type: 'request', id, params });
    });

  const provider: VantageProvider = Object.freeze({
    name: info.name,
    version: info.version,
    requestScoreProof: (params: unknown, options?: RequestOptions) => ask(() => parseProofRequest(params), options),
    request(args: RequestArguments, options?: RequestOptions): Promise<ScoreProofResult> {
      let method: string;
      try {
        method = readRequestMethod(args);
      } catch (e) {
        return Promise.reject(invalidParams(e));
      }
      // Params are read only for a method Vantage has.
      if (method === PAGE_METHODS.requestScoreProof) return ask(() => parseRequestParams(args), options);
      return Promise.reject(new VantageError(`Vantage does not support the method "${method.slice(0, 64)}".`, ProofErrorCode.UnsupportedMethod, { method: method.slice(0, 64) }));
    },
  });
  Object.defineProperty(win, 'vantage', { value: provider, enumerable: true, configurable: false, writable: false });

  win.addEventListener('message', (event: MessageEvent) => {
    if (!isOwnWindowMessage(event, win)) return;
    const msg = parseToPage(event.data);
    if (!msg) return;
    switch (msg.type) {
      case 'ready':
        if (relayReady) return;
        relayReady = true;
        for (const m of queued.splice(0)) win.postMessage(m, origin);
        announce();
        return;
      case 'progress':
        if (pending.has(msg.id)) progress(msg.id, msg.phase);
        return;
      case 'settled': {
        if (!msg.outcome.ok) {
          end(msg.id, { ok: false, error: toError(msg.outcome.error) });
          return;
        }
        const result = resultOf(msg.outcome.result);
        end(msg.id, result ? { ok: true, result } : { ok: false, error: new VantageError('The proof could not be read.', ProofErrorCode.ServiceFailed) });
        return;
      }
      case 'proof': {
        const result = resultOf(msg.result);
        if (result) win.dispatchEvent(new CustomEvent(PROOF_EVENT, { detail: result }));
        return;
      }
      case 'gone':
        // The extension went away (update, reload): nobody will answer, so nobody waits.
        relayReady = false;
        for (const id of [...pending.keys()]) end(id, { ok: false, error: new VantageError('The Vantage extension was disconnected.', ProofErrorCode.Disconnected) });
        return;
    }
  });
  // EIP-6963 style discovery: announce again whenever the page asks.
  win.addEventListener(REQUEST_EVENT, () => {
    if (relayReady) announce();
  });
  win.postMessage({ target: RELAY_TARGET, type: 'hello' } satisfies ToRelay, origin);
}
