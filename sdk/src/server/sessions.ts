import { ApiClient } from '@/lib/api/client.ts';
import { toErrorInfo, type ApiErrorInfo } from '@/lib/api/errors.ts';
import { parseProofJson } from '@/lib/api/responses.ts';
import { boundWeb2Id, ProofErrorCode, scoreProofResult, SERVICE_WEB2ID_MAX, type ScoreProofResult } from '@/lib/proof/contract.ts';
import { isSessionId, serviceProofPage } from '@/lib/proof/origins.ts';
import { PAGE_MESSAGES, timedOutMessage } from '@/lib/proof/page-messages.ts';
import { isParamError, parseProofRequest } from '@/lib/proof/params.ts';
import { afterFailedCall, nextAfterAnswer, onSign, pollAt, PROOF_PAGE_GRACE_MS, RETRY_FLOOR_MS, spend, startPace, type PollPace } from '@/lib/proof/poll-schedule.ts';
import { proofPageUrl } from '@/lib/settings/schema.ts';
import type { AskParams } from './asks.ts';

/**
 * The no-extension path (docs/page-api.md, "Users without the extension"), the service's own proof flow
 * run by your server with YOUR API key: createUrl → the temporary URL (the proof page) for the user, on
 * this computer or a phone → getProofData until FINISHED → the proof, which your server then verifies
 * like any other (verifyScoreProof). getProofData is polled by the extension's own schedule and backoff
 * (lib/proof/poll-schedule.ts: a poll a second while the page is fresh, backing off to one in 15 s; a
 * 429's Retry-After and 5xx backoff honoured), through the extension's own service client (lib/api). The
 * key never leaves the server: the page gets the session id, the proof page's address and the outcome.
 */

export interface ProofSessionsOptions {
  /** Your application's API key for the service (`x-apikey`). Keep it on the server. */
  readonly apiKey: string;
  /** The service's integration API base, e.g. `https://service.example/v1` (https; http only on loopback). */
  readonly integrationBaseUrl: string;
  /** The proof page's address with `{sessionId}`, for a service that answers createUrl with a session id only. */
  readonly proofPageTemplate: string;
  /** Your site's origin (`https://app.example`), from your configuration: a bound ask's web2Id names it. */
  readonly origin?: string;
  /** How long a session waits for its proof (default 10 minutes); then it fails with 5001. */
  readonly timeoutMs?: number;
  /** At most this many sessions live at once (default 1,000); past it `start` is refused (5000). */
  readonly maxSessions?: number;
  /** How long an ended session's outcome is kept for the page to collect (default 2 minutes). */
  readonly keepEndedMs?: number;
  /** Injected for tests; default the global fetch. */
  readonly fetch?: typeof fetch;
}

/** Where a session stands, as the page is told. */
export type ProofSessionState =
  | { readonly status: 'PROCESSING' }
  | { readonly status: 'FINISHED'; readonly result: ScoreProofResult }
  | { readonly status: 'FAILED'; readonly code: ProofErrorCode; readonly message: string };

/** A session your server started. */
export interface ProofSession {
  readonly sessionId: string;
  /** The temporary URL: the service's proof page for this session. Open it for the user, or show it as a QR code. */
  readonly url: string;
  /** When it started, by this server's clock (ms since the epoch): what `verifyScoreProof`'s `maxAgeMs` counts from. */
  readonly startedAt: number;
  /** How long it waits for the proof. */
  readonly timeoutMs: number;
}

/** Thrown by `start`: the page API's code and a message fit for the page. */
export class ProofSessionError extends Error {
  override readonly name = 'ProofSessionError';
  constructor(
    readonly code: ProofErrorCode,
    message: string,
    /** What went wrong in full (the service's own words, for your logs; never sent to the page). */
    readonly detail = message,
  ) {
    super(message);
  }
}

/** The fixed text a page gets when the service failed: its own words may echo anything, so they stay in the server's logs. */
export const SESSION_SERVICE_FAILED = 'The score service failed; the site’s server has the details.';

interface Live extends ProofSession {
  readonly web2Id: string;
  readonly boundOrigin?: string;
  state: ProofSessionState;
  /** Why it failed, in full (the service's words), for the server's logs. */
  detail?: string;
  endedAt?: number;
  closedAt?: number;
  readonly controller: AbortController;
  /** Wakes the poll loop (a sign from the page, a cancel). */
  wake(): void;
  /** Resolves waiters when the state changes. */
  readonly changed: Set<() => void>;
}

/** What the page's SDK sends (`requestScoreProof`'s `withoutExtension`): one endpoint, one JSON body. */
type PageCall =
  | { readonly action: 'start'; readonly params: Record<string, unknown> }
  | { readonly action: 'wait' | 'closed' | 'cancel'; readonly sessionId: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readCall(body: unknown): PageCall | null {
  if (!isRecord(body)) return null;
  if (body.action === 'start') return isRecord(body.params) ? { action: 'start', params: body.params } : null;
  if ((body.action === 'wait' || body.action === 'closed' || body.action === 'cancel') && typeof body.sessionId === 'string') {
    return { action: body.action, sessionId: body.sessionId };
  }
  return null;
}

/** One attempt per poll: the session's loop backs off itself, by the extension's schedule. */
const SINGLE_ATTEMPT = { retries: 0, baseDelayMs: 0, maxDelayMs: 0 } as const;
/** The longest a page's `wait` is held open (under common proxies' idle limits). */
const MAX_WAIT_MS = 25_000;

/**
 * Proof sessions started with your application's key, kept in this process's memory (a server of
 * several processes routes a session's calls to the process that started it). `handle` answers the
 * page's SDK; `start`, `wait`, `closed`, `cancel` and `proved` are the same steps for servers that
 * speak to their pages their own way.
 */
export class ProofSessions {
  readonly #o: Required<Omit<ProofSessionsOptions, 'origin' | 'fetch'>> & Pick<ProofSessionsOptions, 'origin'>;
  readonly #create: ApiClient;
  readonly #poll: ApiClient;
  readonly #live = new Map<string, Live>();

  constructor(options: ProofSessionsOptions) {
    const { apiKey, integrationBaseUrl, proofPageTemplate, origin, timeoutMs = 10 * 60_000, maxSessions = 1000, keepEndedMs = 2 * 60_000 } = options;
    if (typeof apiKey !== 'string' || !apiKey.trim()) throw new TypeError('ProofSessions: apiKey is required (your key for the service).');
    if (typeof proofPageTemplate !== 'string' || !proofPageTemplate.includes('{sessionId}')) throw new TypeError('ProofSessions: proofPageTemplate must hold {sessionId}.');
    if (origin !== undefined && new URL(origin).origin !== origin) throw new TypeError('ProofSessions: origin must be an origin such as https://app.example (no path, no trailing slash).');
    this.#o = { apiKey, integrationBaseUrl, proofPageTemplate, origin, timeoutMs, maxSessions, keepEndedMs };
    const base = { apiKey, integrationBaseUrl, dataBaseUrl: integrationBaseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) };
    this.#create = new ApiClient(base);
    this.#poll = new ApiClient({ ...base, backoff: SINGLE_ATTEMPT });
  }

  /**
   * Opens a session for what your server asks (createUrl) and starts waiting for its proof. Rejects with a
   * ProofSessionError: -32602 for an ask the page API refuses, 5000 when the service fails or too many
   * sessions are open.
   */
  async start(ask: AskParams, { signal }: { readonly signal?: AbortSignal } = {}): Promise<ProofSession> {
    let params;
    try {
      params = parseProofRequest(ask);
    } catch (e) {
      throw new ProofSessionError(ProofErrorCode.InvalidParams, isParamError(e) ? e.message : 'Invalid parameters.');
    }
    if (params.bindOrigin && this.#o.origin === undefined) throw new ProofSessionError(ProofErrorCode.InvalidParams, 'A bound ask needs ProofSessions’ origin option (your site’s origin).');
    const boundOrigin = params.bindOrigin ? this.#o.origin : undefined;
    const web2Id = boundOrigin ? boundWeb2Id(boundOrigin, params.web2Id) : params.web2Id;
    if (web2Id.length > SERVICE_WEB2ID_MAX) throw new ProofSessionError(ProofErrorCode.InvalidParams, `web2Id bound to this origin must be at most ${SERVICE_WEB2ID_MAX} characters in all.`);
    this.#prune();
    if (this.#live.size >= this.#o.maxSessions) throw new ProofSessionError(ProofErrorCode.ServiceFailed, 'Too many proof sessions are open; try again later.');

    let created;
    try {
      created = await this.#create.call('createUrl', { web2Id, condition: params.condition, scoreId: params.scoreId }, { signal });
    } catch (e) {
      const info = toErrorInfo(e);
      if (info.kind === 'aborted') throw new ProofSessionError(ProofErrorCode.UserRejected, PAGE_MESSAGES.userCancelled);
      throw new ProofSessionError(ProofErrorCode.ServiceFailed, SESSION_SERVICE_FAILED, describe(info));
    }
    const { integrationBaseUrl, proofPageTemplate, timeoutMs } = this.#o;
    const url = !isSessionId(created.sessionId) ? null
      : created.url === undefined ? proofPageUrl(proofPageTemplate, created.sessionId) : serviceProofPage(created.url, [proofPageTemplate, integrationBaseUrl]);
    if (url === null) throw new ProofSessionError(ProofErrorCode.ServiceFailed, SESSION_SERVICE_FAILED, `createUrl answered a session id or proof page Vantage refuses (${created.url ?? created.sessionId}).`);

    const startedAt = Date.now();
    let wake: () => void = () => undefined;
    const live: Live = {
      sessionId: created.sessionId, url, startedAt, timeoutMs, web2Id, ...(boundOrigin ? { boundOrigin } : {}),
      state: { status: 'PROCESSING' }, controller: new AbortController(), changed: new Set(),
      wake: () => wake(),
    };
    this.#live.set(live.sessionId, live);
    void this.#run(live, (fn) => (wake = fn));
    return { sessionId: live.sessionId, url, startedAt, timeoutMs };
  }

  /**
   * Where session `sessionId` stands, once it has ended or after `waitMs` (default 0; at most 25 s),
   * whichever comes first; null for a session this server does not hold (unknown, or long ended).
   */
  async wait(sessionId: string, { waitMs = 0, signal }: { readonly waitMs?: number; readonly signal?: AbortSignal } = {}): Promise<ProofSessionState | null> {
    const live = this.#live.get(sessionId);
    if (!live) return null;
    if (live.state.status === 'PROCESSING' && waitMs > 0 && !signal?.aborted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          live.changed.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(waitMs, MAX_WAIT_MS));
        live.changed.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    return live.state;
  }

  /**
   * The page says the user closed the proof page: the service is asked at once, and without a proof
   * within the grace period (10 s) the session fails 4001, as the extension's request does.
   */
  closed(sessionId: string): boolean {
    const live = this.#live.get(sessionId);
    if (!live || live.state.status !== 'PROCESSING') return false;
    live.closedAt ??= Date.now();
    live.wake();
    return true;
  }

  /** Ends a session the page gave up on (4001); true if it was waiting. */
  cancel(sessionId: string): boolean {
    const live = this.#live.get(sessionId);
    if (!live || live.state.status !== 'PROCESSING') return false;
    this.#end(live, { status: 'FAILED', code: ProofErrorCode.UserRejected, message: PAGE_MESSAGES.userCancelled });
    return true;
  }

  /**
   * The proof this server fetched itself for `sessionId`, with when the session started: verify THIS
   * rather than a copy a page sends back, and pass `startedAt` to verifyScoreProof for `maxAgeMs`.
   */
  proved(sessionId: unknown): { readonly result: ScoreProofResult; readonly startedAt: number } | null {
    const live = typeof sessionId === 'string' ? this.#live.get(sessionId) : undefined;
    return live?.state.status === 'FINISHED' ? { result: live.state.result, startedAt: live.startedAt } : null;
  }

  /** Why a session failed, in full (the service's own words): for your logs. */
  failure(sessionId: string): string | undefined {
    return this.#live.get(sessionId)?.detail;
  }

  /**
   * Answers a call of the page's SDK (the JSON body of its POST to your endpoint) with the HTTP status
   * and JSON body to send back. `ask` says what your server asks for this page (`params` are what the
   * page sent: typically `asks.peek(params.askId)`), or null to refuse (403). Never throws.
   */
  async handle(body: unknown, { ask, signal }: { readonly ask: (params: Record<string, unknown>) => AskParams | null | Promise<AskParams | null>; readonly signal?: AbortSignal }): Promise<{ status: number; body: unknown }> {
    const call = readCall(body);
    if (!call) return { status: 400, body: { code: ProofErrorCode.InvalidParams, message: 'Expected { action: "start", params } or { action: "wait" | "closed" | "cancel", sessionId }.' } };
    try {
      if (call.action === 'start') {
        const asked = await ask(call.params);
        if (!asked) return { status: 403, body: { code: ProofErrorCode.Unauthorized, message: 'This server did not ask for that proof (unknown or expired ask).' } };
        const session = await this.start(asked, { signal });
        return { status: 200, body: { sessionId: session.sessionId, url: session.url, timeoutMs: session.timeoutMs } };
      }
      if (call.action === 'closed') return { status: 200, body: { ok: this.closed(call.sessionId) } };
      if (call.action === 'cancel') return { status: 200, body: { cancelled: this.cancel(call.sessionId) } };
      const state = await this.wait(call.sessionId, { waitMs: MAX_WAIT_MS, signal });
      return state ? { status: 200, body: state } : { status: 404, body: { code: ProofErrorCode.ServiceFailed, message: 'Unknown or expired proof session.' } };
    } catch (e) {
      if (e instanceof ProofSessionError) return { status: e.code === ProofErrorCode.InvalidParams ? 400 : e.code === ProofErrorCode.ServiceFailed ? 502 : 409, body: { code: e.code, message: e.message } };
      return { status: 500, body: { code: ProofErrorCode.ServiceFailed, message: SESSION_SERVICE_FAILED } };
    }
  }

  /** How many sessions are held (waiting, or ended and not yet collected). */
  get size(): number {
    return this.#live.size;
  }

  #end(live: Live, state: Exclude<ProofSessionState, { status: 'PROCESSING' }>, detail?: string): void {
    if (live.state.status !== 'PROCESSING') return;
    live.state = state;
    if (detail !== undefined) live.detail = detail;
    live.endedAt = Date.now();
    live.controller.abort();
    live.wake();
    for (const notify of [...live.changed]) notify();
  }

  #prune(): void {
    const now = Date.now();
    for (const [id, live] of this.#live) if (live.endedAt !== undefined && now - live.endedAt >= this.#o.keepEndedMs) this.#live.delete(id);
  }

  /** getProofData until FINISHED, the timeout, the grace after the page closed, a cancel, or a failure not worth retrying. */
  async #run(live: Live, onWake: (wake: () => void) => void): Promise<void> {
    const deadline = live.startedAt + live.timeoutMs;
    let pace: PollPace = startPace(live.startedAt);
    let dueAt = live.startedAt + RETRY_FLOOR_MS;
    let failures = 0;
    let signed = live.closedAt;
    while (live.state.status === 'PROCESSING') {
      const now = Date.now();
      if (live.closedAt !== signed) {
        // The proof page closed: look at once (within the rate limit and any backoff); the grace period runs.
        signed = live.closedAt;
        ({ pace, dueAt } = onSign(pace, dueAt, now, { out: false, backingOff: failures > 0 }));
      }
      const graceEnd = live.closedAt === undefined ? Number.POSITIVE_INFINITY : live.closedAt + PROOF_PAGE_GRACE_MS;
      if (now >= deadline) return this.#end(live, { status: 'FAILED', code: ProofErrorCode.TimedOut, message: timedOutMessage(Math.max(1, Math.round(live.timeoutMs / 60_000))) });
      if (now >= graceEnd) return this.#end(live, { status: 'FAILED', code: ProofErrorCode.UserRejected, message: PAGE_MESSAGES.proofPageClosed });
      const at = pollAt(pace, dueAt);
      if (now < at) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(at, deadline, graceEnd) - now);
          onWake(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        continue;
      }
      pace = spend(pace, now);
      let answer;
      try {
        answer = await this.#poll.call('getProofData', { sessionId: live.sessionId }, { signal: live.controller.signal });
      } catch (e) {
        const info = toErrorInfo(e);
        if (live.state.status !== 'PROCESSING') return;
        failures += 1;
        const next = afterFailedCall(info, failures, Date.now());
        if (next === null) return this.#end(live, { status: 'FAILED', code: ProofErrorCode.ServiceFailed, message: SESSION_SERVICE_FAILED }, describe(info));
        dueAt = next;
        continue;
      }
      failures = 0;
      if (answer.status === 'PROCESSING') {
        ({ pace, dueAt } = nextAfterAnswer(pace, Date.now()));
        continue;
      }
      const proofText = answer.proof ?? '';
      try {
        parseProofJson(proofText);
      } catch (e) {
        return this.#end(live, { status: 'FAILED', code: ProofErrorCode.ServiceFailed, message: SESSION_SERVICE_FAILED }, `getProofData: ${(e as Error).message}`);
      }
      const result = scoreProofResult({ sessionId: live.sessionId, proofText, web2Id: live.web2Id, ...(live.boundOrigin ? { boundOrigin: live.boundOrigin } : {}) });
      return this.#end(live, { status: 'FINISHED', result });
    }
  }
}

function describe(info: ApiErrorInfo): string {
  return `${info.operation ?? 'the service'}: ${info.status ? `HTTP ${info.status}: ` : ''}${info.message}`;
}
