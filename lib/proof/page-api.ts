import {
  ANNOUNCE_EVENT,
  PAGE_API_ICON,
  PAGE_API_NAME,
  PAGE_API_RDNS,
  PAGE_API_VERSION,
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
  type ProviderInfo,
  type ScoreProofResult,
  type ToRelay,
  type VantageProvider,
} from './contract.ts';
import { listenForChannel, type PortLike } from './page-channel.ts';
import { providerMethods, type PendingRequest } from './provider-methods.ts';

/**
 * `window.vantage`, installed in the page's own (main) world. It only turns
 * calls into messages for the isolated relay, over their private port
 * (lib/proof/page-channel.ts), and back into promises: it holds no secrets
 * and checks nothing the worker does not check again.
 */

/** While requests are pending, how often the page asks the relay whether the extension is still there. */
export const HEARTBEAT_MS = 500;
/** A relay silent this long after a ping is gone (Firefox removes a disabled add-on's content scripts without a word). */
export const SILENCE_MS = 1500;
/**
 * A heartbeat this much later than asked for means the page itself did not run meanwhile (a busy or
 * starved renderer, a computer asleep). A hidden tab's timers run on whole seconds, so less is not late.
 */
export const LATE_BEAT_MS = 1000;

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

type PageWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent' | 'location'>;

export interface PageApiOptions {
  /**
   * Firefox: the extension's new version starts a new relay in open pages, whose offer means the old one
   * is gone. In Chromium no new relay ever starts in an open page, so a later offer is a page script's.
   */
  readonly followNewRelay?: boolean;
}

interface Pending extends PendingRequest<VantageError> {
  /** The worker started a flow for it (the relay said `accepted`). */
  accepted?: boolean;
  /** It was posted to the relay (which may not have said `accepted` yet). */
  sent?: boolean;
}

const toError = (e: ProofErrorInfo) => new VantageError(e.message, e.code);
const disconnected = () => new VantageError('The Vantage extension was disconnected.', ProofErrorCode.Disconnected);

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
export function installPageApi(win: PageWindow & { vantage?: unknown }, { followNewRelay = false }: PageApiOptions = {}): void {
  // Own property only: an element with id="vantage" shows up as `window.vantage` through the prototype.
  if (Object.prototype.hasOwnProperty.call(win, 'vantage')) return;
  const pending = new Map<string, Pending>();
  /** The private line to the relay; null until one is offered, and again once the relay said it is gone. */
  let port: PortLike | null = null;
  let announced = false;
  /** When the unanswered ping was sent (null: the relay spoke since). */
  let pingedAt: number | null = null;
  let heartbeat: ReturnType<typeof setTimeout> | undefined;
  // Request ids: unique in this page load, and unguessable by nothing else on it (they only label events).
  const idPrefix = uuid().slice(0, 8);
  let seq = 0;

  const info: ProviderInfo = Object.freeze({ uuid: uuid(), name: PAGE_API_NAME, icon: PAGE_API_ICON, rdns: PAGE_API_RDNS, version: PAGE_API_VERSION });
  const announce = () => win.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: info }));
  /** Sends to the relay, asking for a line first if there is none; false when no relay answers. */
  const send = (msg: ToRelay): boolean => {
    if (!port) ask();
    if (!port) return false;
    port.postMessage(msg);
    return true;
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

  /**
   * Ends a request: its last progress event, then its promise. `cancelled`: the page ended it itself,
   * so the relay is told even before it said `accepted` (a flow about to start then ends at once).
   */
  const end = (id: string, outcome: { ok: true; result: ScoreProofResult } | { ok: false; error: VantageError }, cancelled = false) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    // Where a flow runs for it, the relay forgets it too; if the flow was still going (the page was told something
    // the relay did not say), the extension ends it rather than keep it waiting for a page that no longer is.
    if ((p.accepted || (cancelled && p.sent)) && port) port.postMessage({ target: RELAY_TARGET, type: 'done', id } satisfies ToRelay);
    progress(id, outcome.ok ? 'handed-over' : 'failed', outcome.ok ? undefined : outcome.error.code, p.onProgress);
    if (outcome.ok) p.resolve(outcome.result);
    else p.reject(outcome.error);
  };

  const provider: VantageProvider = Object.freeze({
    name: info.name,
    version: info.version,
    // A cancel (vantage_cancelRequest) ends the request with `cancelled`: the relay's `done` makes the worker end
    // the flow it started for it (proof.abandon: its consent window or proof page closes).
    ...providerMethods<VantageError>({
      pending, progress, end,
      nextId: () => `${idPrefix}-${++seq}`,
      // Posted to the relay; with none to answer, the page hears 4900 at once.
      proceed: (id, params) => {
        if (!send({ target: RELAY_TARGET, type: 'request', id, params })) return end(id, { ok: false, error: disconnected() });
        pending.get(id)!.sent = true;
        beat();
      },
      error: (message, code, data) => new VantageError(message, code, data),
    }),
  });
  Object.defineProperty(win, 'vantage', { value: provider, enumerable: true, configurable: false, writable: false });

  /** The relay is gone (it said so, or stopped answering): nobody will answer, so nobody waits. */
  const lost = () => {
    for (const id of [...pending.keys()]) end(id, { ok: false, error: disconnected() });
    port?.close();
    port = null;
  };

  /**
   * While anything is pending: ping, and give up on a relay that leaves a ping unanswered for SILENCE_MS of the
   * page's own running time. After a late beat the relay's answer may be queued behind this very timer, so its
   * silence counts again from then: a page that stalled or slept is not told the extension left.
   */
  function beat(): void {
    if (heartbeat !== undefined) return;
    const setAt = Date.now();
    heartbeat = setTimeout(() => {
      heartbeat = undefined;
      if (pending.size === 0) return;
      const now = Date.now();
      if (pingedAt === null) {
        pingedAt = now;
        port?.postMessage({ target: RELAY_TARGET, type: 'ping' } satisfies ToRelay);
      } else if (now - setAt > HEARTBEAT_MS + LATE_BEAT_MS) {
        pingedAt = now;
      } else if (now - pingedAt >= SILENCE_MS) {
        lost();
        return;
      }
      beat();
    }, HEARTBEAT_MS);
  }

  const onRelayMessage = (from: PortLike, data: unknown) => {
    if (from !== port) return;
    pingedAt = null;
    const msg = parseToPage(data);
    if (!msg) return;
    switch (msg.type) {
      case 'pong':
        return;
      case 'accepted': {
        const p = pending.get(msg.id);
        if (p) p.accepted = true;
        return;
      }
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
        lost();
        return;
    }
  };

  /** A relay offers a line: the first is taken; a later one only where a new relay means the old is gone. */
  const take = (offered: PortLike): boolean => {
    if (port && !followNewRelay) return false;
    if (port) lost();
    port = offered;
    pingedAt = null;
    offered.onmessage = (event) => onRelayMessage(offered, event.data);
    if (!announced) {
      announced = true;
      announce();
    }
    return true;
  };
  const ask = listenForChannel(win, take);

  // EIP-6963 style discovery: announce again whenever the page asks.
  win.addEventListener(REQUEST_EVENT, () => {
    if (port) announce();
  });
  ask();
}
