import {
  ANNOUNCE_EVENT,
  isOwnWindowMessage,
  PAGE_API_NAME,
  PAGE_API_VERSION,
  parseToPage,
  PROOF_EVENT,
  ProofErrorCode,
  RELAY_TARGET,
  scoreProofResult,
  REQUEST_EVENT,
  type ProofErrorInfo,
  type ProofPayload,
  type ScoreProofResult,
  type ToRelay,
} from './contract.ts';

/**
 * `window.vantage`, installed in the page's own (main) world. It only turns
 * calls into window messages for the isolated relay and back into promises:
 * it holds no secrets and checks nothing the worker does not check again.
 */

export interface VantageProvider {
  readonly name: string;
  readonly version: string;
  requestScoreProof(params: unknown): Promise<ScoreProofResult>;
}

/** The Error pages receive: a message plus an EIP-1193-style numeric code. */
export class VantageError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'VantageError';
  }
}

type PageWindow = Pick<Window, 'addEventListener' | 'dispatchEvent' | 'postMessage' | 'location'>;

interface Pending {
  resolve(r: ScoreProofResult): void;
  reject(e: VantageError): void;
}

const toError = (e: ProofErrorInfo) => new VantageError(e.message, e.code);

/** The result, or null if the payload does not parse (the worker checked it; this guards the page). */
function resultOf(payload: ProofPayload): ScoreProofResult | null {
  try {
    return scoreProofResult(payload);
  } catch {
    return null;
  }
}

/** Installs the provider on `win`; a second call (double injection) does nothing. */
export function installPageApi(win: PageWindow & { vantage?: unknown }): void {
  // Own property only: an element with id="vantage" shows up as `window.vantage` through the prototype.
  if (Object.prototype.hasOwnProperty.call(win, 'vantage')) return;
  const origin = win.location.origin;
  const pending = new Map<string, Pending>();
  const queued: ToRelay[] = [];
  let relayReady = false;
  let seq = 0;

  const info = Object.freeze({ name: PAGE_API_NAME, version: PAGE_API_VERSION });
  const announce = () => win.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: info }));
  const send = (msg: ToRelay) => {
    if (relayReady) win.postMessage(msg, origin);
    else queued.push(msg);
  };

  const provider: VantageProvider = Object.freeze({
    ...info,
    requestScoreProof(params: unknown): Promise<ScoreProofResult> {
      return new Promise<ScoreProofResult>((resolve, reject) => {
        const id = String(++seq);
        let plain: unknown;
        try {
          // Structured clone happens in postMessage; doing it now makes a bad argument a -32602, not a throw later.
          plain = structuredClone(params);
        } catch {
          reject(new VantageError('Parameters must be plain data.', ProofErrorCode.InvalidParams));
          return;
        }
        pending.set(id, { resolve, reject });
        send({ target: RELAY_TARGET, type: 'request', id, params: plain });
      });
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
      case 'settled': {
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        if (!msg.outcome.ok) {
          p.reject(toError(msg.outcome.error));
          return;
        }
        const result = resultOf(msg.outcome.result);
        if (result) p.resolve(result);
        else p.reject(new VantageError('The proof could not be read.', ProofErrorCode.ServiceFailed));
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
        for (const p of pending.values()) p.reject(new VantageError('The Vantage extension was disconnected.', ProofErrorCode.Disconnected));
        pending.clear();
        return;
    }
  });
  // EIP-6963 style discovery: announce again whenever the page asks.
  win.addEventListener(REQUEST_EVENT, () => {
    if (relayReady) announce();
  });
  win.postMessage({ target: RELAY_TARGET, type: 'hello' } satisfies ToRelay, origin);
}
