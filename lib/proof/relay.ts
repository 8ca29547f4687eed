import { CHANNEL, type Reply } from '@/lib/messaging/protocol.ts';
import {
  isOutcome,
  isWorkerProgressPhase,
  isOwnWindowMessage,
  PAGE_TARGET,
  parseToRelay,
  ProofErrorCode,
  ProofRequestError,
  type FlowSource,
  type ProofErrorInfo,
  type ProofOutcome,
  type ProofRequestParams,
  type ToPage,
  type WorkerProgressPhase,
} from './contract.ts';
import { parseProofRequest } from './params.ts';

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
    && (d.source === 'page' || d.source === 'popup') && isOutcome(d.outcome);
}

/** Where a page's flow stands, for the requesting document only (handed over like a Delivery). */
export interface ProgressNote {
  readonly channel: typeof CHANNEL;
  readonly type: 'proof.progress';
  readonly flowId: string;
  readonly phase: WorkerProgressPhase;
}

export function isProgressNote(m: unknown): m is ProgressNote {
  if (typeof m !== 'object' || m === null) return false;
  const n = m as ProgressNote;
  return n.channel === CHANNEL && n.type === 'proof.progress' && typeof n.flowId === 'string' && isWorkerProgressPhase(n.phase);
}

/**
 * The worker's knock on a document (tabs.sendMessage). It carries nothing
 * worth stealing: a relay that wants what is behind it must claim the ticket
 * with a runtime message, whose origin, tab and document the browser reports.
 */
export interface Knock {
  readonly channel: typeof CHANNEL;
  readonly type: 'proof.knock';
  readonly ticket: string;
  /** The origin the delivery is for; absent when the worker only asks who is there. */
  readonly origin?: string;
}

/** The relay's answer to a knock. */
export type KnockAnswer = 'taken' | 'wrong-origin' | 'declined';

/** The worker's answer to a claim: whether the browser-reported caller may have the ticket, and what it holds. */
export interface ClaimAnswer {
  readonly accepted: boolean;
  readonly delivery?: Delivery;
  readonly progress?: ProgressNote;
}

export function isKnock(m: unknown): m is Knock {
  if (typeof m !== 'object' || m === null) return false;
  const k = m as Knock;
  return k.channel === CHANNEL && k.type === 'proof.knock' && typeof k.ticket === 'string'
    && (k.origin === undefined || typeof k.origin === 'string');
}

export function isKnockAnswer(v: unknown): v is KnockAnswer {
  return v === 'taken' || v === 'wrong-origin' || v === 'declined';
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
  /** Claims a knock's ticket from the worker (a runtime message: the browser says who we are). */
  readonly claim: (ticket: string) => Promise<ClaimAnswer>;
}

export interface Relay {
  start(): void;
  /** The worker knocks: claim what it holds for this document and hand it to the page. */
  knock(k: Knock): Promise<KnockAnswer>;
  /** The extension context is going away: pending page promises are rejected. */
  stop(): void;
}

export function createRelay({ win, request, claim }: RelayDeps): Relay {
  const pageIdByFlow = new Map<string, string>();
  /** Flows already handed to this page: a knock repeated after a worker restart hands nothing twice. */
  const handed = new Set<string>();
  /** Requests still waiting for their ack: a delivery may overtake its own flow's ack, so it waits for them. */
  const acks = new Set<Promise<unknown>>();

  const post = (msg: ToPage) => win.postMessage(msg, win.location.origin);
  const settle = (id: string, outcome: ProofOutcome) => post({ target: PAGE_TARGET, type: 'settled', id, outcome });

  /** A knock for a flow this page has no id for yet may have overtaken the flow's ack: wait for those. */
  const known = async (flowId: string) => {
    if (!pageIdByFlow.has(flowId)) await Promise.all([...acks]);
  };

  const tell = async (n: ProgressNote) => {
    await known(n.flowId);
    const pageId = pageIdByFlow.get(n.flowId);
    // A reloaded page (no id) asked nothing; a flow already handed over has nothing left to say.
    if (pageId !== undefined && !handed.has(n.flowId)) post({ target: PAGE_TARGET, type: 'progress', id: pageId, phase: n.phase });
  };

  const hand = async (d: Delivery) => {
    if (handed.has(d.flowId)) return;
    if (d.source === 'page') await known(d.flowId);
    if (handed.has(d.flowId)) return;
    handed.add(d.flowId);
    const pageId = pageIdByFlow.get(d.flowId);
    pageIdByFlow.delete(d.flowId);
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
    const ack = request(params)
      .catch(() => ackFromReply(undefined))
      .then((a) => {
        if ('error' in a) settle(msg.id, { ok: false, error: a.error });
        else pageIdByFlow.set(a.flowId, msg.id);
      });
    acks.add(ack);
    void ack.finally(() => acks.delete(ack));
  };

  return {
    start() {
      win.addEventListener('message', onMessage);
      post({ target: PAGE_TARGET, type: 'ready' });
    },
    async knock(k) {
      // Checked here as well as by the worker: nothing is claimed, let alone posted, for another origin.
      if (k.origin !== undefined && k.origin !== win.location.origin) return 'wrong-origin';
      const answer = await claim(k.ticket).catch((): ClaimAnswer => ({ accepted: false }));
      if (!answer.accepted) return 'declined';
      if (answer.delivery && isDelivery(answer.delivery)) await hand(answer.delivery);
      if (answer.progress && isProgressNote(answer.progress)) await tell(answer.progress);
      return 'taken';
    },
    stop() {
      win.removeEventListener('message', onMessage);
      post({ target: PAGE_TARGET, type: 'gone' });
    },
  };
}
