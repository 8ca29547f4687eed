import { CHANNEL, type Reply } from '@/lib/messaging/protocol.ts';
import {
  isOutcome,
  isWorkerProgressPhase,
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
import { PAGE_MESSAGES } from './page-messages.ts';
import { offerChannels, type OfferDeps, type PortLike } from './page-channel.ts';
import { parseProofRequest } from './params.ts';

/**
 * The isolated-world relay between `window.vantage` and the worker. It talks
 * to the page only over private ports (lib/proof/page-channel.ts), checks
 * parameters before the worker sees them (the worker checks again), lets one
 * request per page through at a time, and says when the extension is gone.
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
  readonly win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent' | 'location'>;
  /** Asks the worker to start a flow. */
  readonly request: (params: ProofRequestParams) => Promise<RequestAck>;
  /** Claims a knock's ticket from the worker (a runtime message: the browser says who we are). */
  readonly claim: (ticket: string) => Promise<ClaimAnswer>;
  /** The page no longer waits for this flow: the worker ends it (its window, its proof tab) and says nothing back. */
  readonly abandon: (flowId: string) => Promise<void>;
  /** Whether this content script's extension is still there: false once it was updated, reloaded, disabled or removed. */
  readonly alive: () => boolean;
  /** Told whether anything from this page is waiting for the worker (to keep lib/proof/extension-line.ts open meanwhile). */
  readonly onWaiting?: (waiting: boolean) => void;
  /** Test seams for the page channel (real MessageChannel and MessageEvent by default). */
  readonly channel?: OfferDeps['channel'];
  readonly channelEvent?: OfferDeps['channelEvent'];
}

export interface Relay {
  start(): void;
  /** The worker knocks: claim what it holds for this document and hand it to the page. */
  knock(k: Knock): Promise<KnockAnswer>;
  /** The extension context is going away: pending page promises are rejected, and every later request at once. */
  stop(): void;
}

/** A page request as the relay tracks it: which line it came on, the page's id, and once acknowledged its flow. */
interface Asked {
  readonly port: PortLike;
  readonly pageId: string;
}

const goneError: ProofErrorInfo = { code: ProofErrorCode.Disconnected, message: 'The Vantage extension was updated, reloaded or removed.' };

export function createRelay({ win, request, claim, abandon, alive, onWaiting, channel, channelEvent }: RelayDeps): Relay {
  const ports = new Set<PortLike>();
  const askedByFlow = new Map<string, Asked>();
  /** Flows already handed to this page: a knock repeated after a worker restart hands nothing twice. */
  const handed = new Set<string>();
  /** Requests still waiting for their ack: a delivery may overtake its own flow's ack, so it waits for them. */
  const acks = new Set<Promise<unknown>>();
  /** Of those, the ones whose page stopped waiting first (it cancelled): their flow ends as soon as it is acked. */
  const droppedBeforeAck = new Map<PortLike, Set<string>>();
  /** Which page request each waiting ack is for. */
  const pendingAck = new Map<Promise<unknown>, { readonly port: PortLike; readonly id: string }>();
  let gone = false;
  let stopOffering = () => {};
  let waiting = false;
  const changed = () => {
    const now = acks.size > 0 || askedByFlow.size > 0;
    if (now !== waiting) onWaiting?.((waiting = now));
  };

  const send = (port: PortLike, msg: ToPage) => port.postMessage(msg);
  const settle = (port: PortLike, id: string, outcome: ProofOutcome) => send(port, { target: PAGE_TARGET, type: 'settled', id, outcome });
  const broadcast = (msg: ToPage) => ports.forEach((p) => send(p, msg));

  /** A knock for a flow this page has no id for yet may have overtaken the flow's ack: wait for those. */
  const known = async (flowId: string) => {
    if (!askedByFlow.has(flowId)) await Promise.all([...acks]);
  };

  const tell = async (n: ProgressNote) => {
    await known(n.flowId);
    const asked = askedByFlow.get(n.flowId);
    // A reloaded page (no id) asked nothing; a flow already handed over has nothing left to say.
    if (asked && !handed.has(n.flowId)) send(asked.port, { target: PAGE_TARGET, type: 'progress', id: asked.pageId, phase: n.phase });
  };

  const hand = async (d: Delivery) => {
    if (handed.has(d.flowId)) return;
    if (d.source === 'page') await known(d.flowId);
    if (handed.has(d.flowId)) return;
    handed.add(d.flowId);
    const asked = askedByFlow.get(d.flowId);
    askedByFlow.delete(d.flowId);
    changed();
    if (asked) settle(asked.port, asked.pageId, d.outcome);
    // Popup-started proofs, and page proofs whose document was reloaded, arrive as an event; errors without a caller are dropped.
    else if (d.outcome.ok) broadcast({ target: PAGE_TARGET, type: 'proof', result: d.outcome.result });
  };

  /** The extension is gone: everything waiting is told, and so is every later request. */
  const goAway = () => {
    if (gone) return;
    gone = true;
    stopOffering();
    askedByFlow.clear();
    changed();
    broadcast({ target: PAGE_TARGET, type: 'gone' });
  };

  const onRequest = (port: PortLike, id: string, raw: unknown) => {
    if (gone || !alive()) {
      goAway();
      settle(port, id, { ok: false, error: goneError });
      return;
    }
    let params: ProofRequestParams;
    try {
      params = parseProofRequest(raw);
    } catch (e) {
      const err = e as ProofRequestError;
      settle(port, id, { ok: false, error: { code: err.code ?? ProofErrorCode.InvalidParams, message: err.message } });
      return;
    }
    // One request per page at a time, refused here: a page that floods never reaches the worker's queue.
    // A request the page cancelled before its ack no longer counts: it ends as soon as the ack comes.
    const dropped = [...droppedBeforeAck.values()].reduce((n, ids) => n + ids.size, 0);
    if (acks.size > dropped || askedByFlow.size > 0) {
      settle(port, id, { ok: false, error: { code: ProofErrorCode.AlreadyPending, message: PAGE_MESSAGES.alreadyPending } });
      return;
    }
    const ack = request(params)
      .catch(() => ackFromReply(undefined))
      .then((a) => {
        if ('error' in a) {
          // The worker did not answer: the extension was updated or reloaded under this page.
          if (a.error.code === ProofErrorCode.Disconnected && !alive()) goAway();
          settle(port, id, { ok: false, error: a.error });
        } else if (droppedBeforeAck.get(port)?.has(id)) {
          void abandon(a.flowId).catch(() => undefined);
        } else {
          askedByFlow.set(a.flowId, { port, pageId: id });
          send(port, { target: PAGE_TARGET, type: 'accepted', id });
        }
      });
    acks.add(ack);
    changed();
    void ack.finally(() => {
      acks.delete(ack);
      const dropped = droppedBeforeAck.get(port);
      dropped?.delete(id);
      if (dropped?.size === 0) droppedBeforeAck.delete(port);
      changed();
    });
    pendingAck.set(ack, { port, id });
    void ack.finally(() => pendingAck.delete(ack));
  };

  /**
   * The page stopped waiting for `id` (it settled, or the page cancelled it): a flow still running for it
   * ends, so nothing stays pending for nobody; one not acked yet ends as soon as the worker acks it.
   */
  const onDone = (port: PortLike, id: string) => {
    for (const [flowId, asked] of askedByFlow) {
      if (asked.port !== port || asked.pageId !== id) continue;
      askedByFlow.delete(flowId);
      changed();
      void abandon(flowId).catch(() => undefined);
      return;
    }
    if (![...pendingAck.values()].some((a) => a.port === port && a.id === id)) return;
    const ids = droppedBeforeAck.get(port) ?? new Set<string>();
    droppedBeforeAck.set(port, ids.add(id));
  };

  const accept = (port: PortLike) => {
    ports.add(port);
    port.onmessage = (event) => {
      const msg = parseToRelay(event.data);
      if (!msg) return;
      if (msg.type === 'ping') {
        if (gone || !alive()) goAway();
        else send(port, { target: PAGE_TARGET, type: 'pong' });
      } else if (msg.type === 'done') onDone(port, msg.id);
      else onRequest(port, msg.id, msg.params);
    };
  };

  return {
    start() {
      stopOffering = offerChannels({ win, accept, ...(channel ? { channel } : {}), ...(channelEvent ? { channelEvent } : {}) });
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
    stop: goAway,
  };
}
