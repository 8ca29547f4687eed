import { CHANNEL, type Reply } from '../messaging/protocol.ts';
import {
  isOwnWindowMessage,
  PAGE_TARGET,
  parseProofRequest,
  parseToRelay,
  ProofErrorCode,
  ProofRequestError,
  type FlowSource,
  type ProofErrorInfo,
  type ProofOutcome,
  type ProofRequestParams,
  type ToPage,
} from './contract.ts';

/**
 * The isolated-world relay between `window.vantage` and the worker. It reads
 * only same-window messages on its own channel, checks parameters before the
 * worker sees them (the worker checks again), and posts answers to this
 * page's origin only.
 */

/** The worker's answer to a page request: a flow was started, or why not. */
export type RequestAck = { readonly flowId: string } | { readonly error: ProofErrorInfo };

/** What the worker sends the content script of the requesting tab (tabs.sendMessage). */
export interface Delivery {
  readonly channel: typeof CHANNEL;
  readonly type: 'proof.deliver';
  readonly flowId: string;
  readonly source: FlowSource;
  readonly outcome: ProofOutcome;
}

export function isDelivery(m: unknown): m is Delivery {
  if (typeof m !== 'object' || m === null) return false;
  const d = m as Delivery;
  return d.channel === CHANNEL && d.type === 'proof.deliver' && typeof d.flowId === 'string'
    && (d.source === 'page' || d.source === 'popup') && typeof d.outcome === 'object' && d.outcome !== null;
}

/** Turns the worker's Reply into an ack; refusals by the router become codes. */
export function ackFromReply(reply: Reply<RequestAck> | undefined): RequestAck {
  if (!reply) return { error: { code: ProofErrorCode.Disconnected, message: 'The Vantage extension did not answer.' } };
  if (reply.ok) return reply.value;
  // The router refuses malformed or oversized messages as invalid-params before any route runs.
  const code = reply.error.kind === 'invalid-params' ? ProofErrorCode.InvalidParams : ProofErrorCode.ServiceFailed;
  return { error: { code, message: reply.error.message } };
}

export interface RelayDeps {
  readonly win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'postMessage' | 'location'>;
  /** Asks the worker to start a flow. */
  readonly request: (params: ProofRequestParams) => Promise<RequestAck>;
}

export interface Relay {
  start(): void;
  /** Hands a delivery to the page; true when it was taken (the worker counts it as delivered). */
  deliver(d: Delivery): boolean;
  /** The extension context is going away: pending page promises are rejected. */
  stop(): void;
}

export function createRelay({ win, request }: RelayDeps): Relay {
  const pageIdByFlow = new Map<string, string>();
  // A delivery that overtakes its own ack (possible in principle) waits here for it.
  const early = new Map<string, Delivery>();
  let awaitingAcks = 0;

  const post = (msg: ToPage) => win.postMessage(msg, win.location.origin);
  const settle = (id: string, outcome: ProofOutcome) => post({ target: PAGE_TARGET, type: 'settled', id, outcome });

  const hand = (d: Delivery, pageId: string | undefined) => {
    if (pageId !== undefined) settle(pageId, d.outcome);
    // Popup-started proofs, and page proofs whose document was reloaded, arrive as an event; errors without a caller are dropped.
    else if (d.outcome.ok) post({ target: PAGE_TARGET, type: 'proof', result: d.outcome.result });
  };

  const onMessage = (event: MessageEvent) => {
    if (!isOwnWindowMessage(event, win)) return;
    const msg = parseToRelay(event.data);
    if (!msg) return;
    if (msg.type === 'hello') {
      post({ target: PAGE_TARGET, type: 'ready' });
      return;
    }
    let params: ProofRequestParams;
    try {
      params = parseProofRequest(msg.params);
    } catch (e) {
      const err = e as ProofRequestError;
      settle(msg.id, { ok: false, error: { code: err.code ?? ProofErrorCode.InvalidParams, message: err.message } });
      return;
    }
    awaitingAcks++;
    request(params)
      .catch(() => ackFromReply(undefined))
      .then((ack) => {
        awaitingAcks--;
        if ('error' in ack) {
          settle(msg.id, { ok: false, error: ack.error });
          return;
        }
        const waiting = early.get(ack.flowId);
        early.delete(ack.flowId);
        if (waiting) hand(waiting, msg.id);
        else pageIdByFlow.set(ack.flowId, msg.id);
      });
  };

  return {
    start() {
      win.addEventListener('message', onMessage);
      post({ target: PAGE_TARGET, type: 'ready' });
    },
    deliver(d) {
      const pageId = pageIdByFlow.get(d.flowId);
      if (pageId === undefined && d.source === 'page' && awaitingAcks > 0) {
        early.set(d.flowId, d);
        return true;
      }
      pageIdByFlow.delete(d.flowId);
      hand(d, pageId);
      return true;
    },
    stop() {
      win.removeEventListener('message', onMessage);
      post({ target: PAGE_TARGET, type: 'gone' });
    },
  };
}
