import { moreThan, type ApiErrorInfo } from '@/lib/api/errors.ts';
import { parseProofJson } from '@/lib/api/responses.ts';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import { t } from '@/lib/i18n/index.ts';
import { proofPageUrl } from '@/lib/settings/schema.ts';
import {
  ProofErrorCode,
  type FlowSource,
  type ProofErrorInfo,
  type ProofOutcome,
  type ProofPayload,
  type ProofRequestParams,
  type WorkerProgressPhase,
} from './contract.ts';
import type { DeliveryFailure, DocumentTarget } from './handoff.ts';
import type { ProofRecord } from './history.ts';
import { isSessionId, serviceProofPage } from './origins.ts';
import { PAGE_MESSAGES, timedOutMessage } from './page-messages.ts';
import { afterFailedCall, nextAfterAnswer, onSign, pollAt, PROOF_PAGE_GRACE_MS, RETRY_FLOOR_MS, spend, startPace, type PollPace } from './poll-schedule.ts';
import type { Delivery, ProgressNote } from './relay.ts';

/**
 * The proof flow as a pure state machine: (flow, event, now) → (flow, effects).
 * No browser globals, no clock, no I/O: the worker's runner stores the flow,
 * performs the effects and feeds their results back as events. Because the
 * whole state is the stored record, a fresh worker picks a flow up where the
 * old one died (the `resume` event).
 */

/** Retries of delivery, and the first poll after the session opened; getProofData keeps its own schedule (lib/proof/poll-schedule.ts). */
export const POLL_INTERVAL_MS = RETRY_FLOOR_MS;
/** A call unanswered this long is presumed lost (its worker died) and is made again. */
export const CALL_STALE_MS = 60_000;
/** A tab with no receiver (reloading) is retried this often before the proof is given up. */
const MAX_DELIVERY_ATTEMPTS = 5;
export { PROOF_PAGE_GRACE_MS };
/** What the page is told then: the same for a user who declined and one below the condition. */
export const PROOF_PAGE_CLOSED = PAGE_MESSAGES.proofPageClosed;

export type Phase = 'consent' | 'creating' | 'proving' | 'verifying' | 'delivering';

/** Settings captured when the flow starts, so a change in Options mid-flow changes nothing. */
export interface FlowConfig {
  readonly proofPageTemplate: string;
  /** The integration base: a proof page URL the service sends must be on its origin or the template's. */
  readonly integrationBaseUrl: string;
  readonly verify: boolean;
  readonly timeoutMs: number;
}

export interface Flow {
  readonly id: string;
  /** The requesting tab; also the storage key (one flow per tab). */
  readonly tabId: number;
  /** The requesting origin, as the browser reported it. */
  readonly origin: string;
  /** The requesting document, where the browser names it (Chromium): the outcome goes to it. */
  readonly documentId?: string;
  readonly source: FlowSource;
  /** What the service is asked: with bindOrigin, `web2Id` is already the bound one. */
  readonly request: ProofRequestParams;
  /** The origin the web2Id was bound to (bindOrigin). */
  readonly boundOrigin?: string;
  readonly config: FlowConfig;
  readonly phase: Phase;
  readonly startedAt: number;
  readonly deadline: number;
  /** When the phase's next call (createUrl, getProofData, verify, delivery) is due. */
  readonly dueAt: number;
  /** Set while a call is out; cleared by its answer or by a worker restart. */
  readonly inFlightSince?: number;
  /** Consecutive failures of the current phase's call. */
  readonly failures: number;
  readonly lastError?: string;
  /** Why the flow failed, in full, for the popup (the page gets a fixed message per code). */
  readonly failure?: string;
  /** Its consent window was asked for (one at a time; the others wait their turn). */
  readonly consentShown?: boolean;
  readonly consentWindowId?: number;
  readonly sessionId?: string;
  readonly proofUrl?: string;
  readonly proofTabId?: number;
  /** getProofData's schedule while proving: backoff, signs of life, rate limit (lib/proof/poll-schedule.ts). */
  readonly pace?: PollPace;
  /** When the user closed the proof page while no proof was in (the grace period runs from here). */
  readonly proofPageClosedAt?: number;
  /** The last progress phase sent to the page (each is sent once, in order). */
  readonly progress?: WorkerProgressPhase;
  /** When getProofData first answered FINISHED. */
  readonly finishedAt?: number;
  /** `publicSignals[0]` of the proof, for the popup's report. */
  readonly score?: number;
  /** Set on entering `delivering`. */
  readonly outcome?: ProofOutcome;
}

export type FlowEvent =
  | { readonly type: 'tick' }
  /** A fresh worker: nothing is in flight any more. */
  | { readonly type: 'resume' }
  | { readonly type: 'consentOpened'; readonly windowId: number }
  /** One consent window at a time: this flow's turn to show its window. */
  | { readonly type: 'consentTurn' }
  | { readonly type: 'consentAnswered'; readonly approve: boolean; readonly always: boolean; readonly block?: boolean }
  | { readonly type: 'consentClosed' }
  /** Refused before any window: the site is blocked, or cooling down after the user rejected it. */
  | { readonly type: 'refused'; readonly message: string }
  | { readonly type: 'sessionCreated'; readonly sessionId: string; readonly url?: string }
  | { readonly type: 'proofTabOpened'; readonly tabId: number }
  /** The proof page's host is not one the user granted: it was not opened. */
  | { readonly type: 'proofPageRefused'; readonly message: string }
  | { readonly type: 'polled'; readonly status: 'PROCESSING' | 'FINISHED'; readonly proof?: string }
  | { readonly type: 'verified'; readonly valid: boolean }
  | { readonly type: 'callFailed'; readonly error: ApiErrorInfo }
  | { readonly type: 'delivered' }
  | { readonly type: 'deliveryFailed'; readonly reason: DeliveryFailure }
  | { readonly type: 'tabClosed'; readonly tabId: number }
  /** A tab finished loading a page (tabs.onUpdated, status 'complete'; its URL is not known). */
  | { readonly type: 'tabLoaded'; readonly tabId: number }
  | { readonly type: 'cancel' }
  /** The requesting page stopped waiting (its relay says so): nobody is left to answer. */
  | { readonly type: 'pageGaveUp' }
  /** The same tab, now on another origin, asked for a new proof. */
  | { readonly type: 'superseded' };

/** How a flow ended, kept briefly for the popup. */
export interface FlowReport {
  readonly flowId: string;
  readonly origin: string;
  readonly source: FlowSource;
  readonly at: number;
  readonly result: 'delivered' | 'failed' | 'undelivered';
  readonly score?: number;
  readonly code?: number;
  readonly message?: string;
  /** When the extension first saw FINISHED (with `at`: how long verify and hand-over took). */
  readonly finishedAt?: number;
}

export type Effect =
  | { readonly type: 'openConsent'; readonly flowId: string }
  | { readonly type: 'closeWindow'; readonly windowId: number }
  | { readonly type: 'allowSite'; readonly origin: string }
  | { readonly type: 'blockSite'; readonly origin: string }
  /** The user said no to this origin (Reject, or closed the window): it cools down before asking again. */
  | { readonly type: 'rejected'; readonly origin: string }
  | { readonly type: 'createSession'; readonly request: ProofRequestParams }
  | { readonly type: 'openProofTab'; readonly url: string; readonly besideTabId: number }
  /** The flow does not know its proof tab's id (see lookForProofTab): find the tab by its address. */
  | { readonly type: 'adoptProofTab'; readonly url: string }
  /** Whether the proof tab the flow knows still exists; if not, it closed unheard (see lookForProofTab). */
  | { readonly type: 'checkProofTab'; readonly tabId: number }
  | { readonly type: 'poll'; readonly sessionId: string }
  | { readonly type: 'verify'; readonly proofText: string }
  | { readonly type: 'deliver'; readonly target: DocumentTarget; readonly delivery: Delivery }
  /** Tells the requesting document where its request stands (lib/proof/handoff.ts, like a delivery). */
  | { readonly type: 'progress'; readonly target: DocumentTarget; readonly note: ProgressNote }
  | { readonly type: 'closeTab'; readonly tabId: number }
  | { readonly type: 'focusTab'; readonly tabId: number }
  | { readonly type: 'report'; readonly report: FlowReport }
  /** A proof was handed over: the user's history of what each site received (lib/proof/history.ts). */
  | { readonly type: 'remember'; readonly record: ProofRecord };

/** The flow after an event (null: it ended and is removed) and what to do. */
export interface Step {
  readonly flow: Flow | null;
  readonly effects: readonly Effect[];
}

export interface StartInput extends Pick<Flow, 'id' | 'tabId' | 'origin' | 'documentId' | 'source' | 'request' | 'boundOrigin' | 'config'> {
  /** The site is on the allowed list, or the user started it from the popup. */
  readonly skipConsent: boolean;
}

export function startFlow(input: StartInput, now: number): Step {
  const { skipConsent, ...given } = input;
  const flow: Flow = {
    ...given,
    phase: skipConsent ? 'creating' : 'consent',
    startedAt: now,
    deadline: now + input.config.timeoutMs,
    dueAt: now,
    failures: 0,
  };
  // A flow that needs consent waits for its turn (lib/proof/runner.ts): one consent window at a time.
  // A flow without a consent window reports `approved` once its session exists ('sessionCreated').
  return skipConsent ? call(flow, now) : { flow, effects: [] };
}

const WORKER_PHASES: readonly WorkerProgressPhase[] = ['consent', 'approved', 'proof-page', 'proof-received', 'verifying'];

function target(flow: Flow): DocumentTarget {
  const { tabId, origin, documentId } = flow;
  return { tabId, origin, ...(documentId ? { documentId } : {}) };
}

/** Adds a progress note for the page, once per phase and never backwards; popup flows have no caller to tell. */
function progress(s: Step, ...phases: WorkerProgressPhase[]): Step {
  let { flow } = s;
  if (!flow || flow.source !== 'page') return s;
  const effects = [...s.effects];
  for (const phase of phases) {
    if (flow.progress !== undefined && WORKER_PHASES.indexOf(phase) <= WORKER_PHASES.indexOf(flow.progress)) continue;
    flow = { ...flow, progress: phase };
    effects.push({ type: 'progress', target: target(flow), note: { channel: CHANNEL, type: 'proof.progress', flowId: flow.id, phase } });
  }
  return { flow, effects };
}

/** When a closed proof page's grace period ends (only while no proof is in). */
function graceEndsAt(flow: Flow): number {
  return flow.phase === 'proving' && flow.proofPageClosedAt !== undefined ? flow.proofPageClosedAt + PROOF_PAGE_GRACE_MS : Number.POSITIVE_INFINITY;
}

/** The flow whose consent window should open next, if none is showing: the oldest waiting. */
export function nextConsentTurn(flows: readonly Flow[]): Flow | undefined {
  if (flows.some((f) => f.phase === 'consent' && f.consentShown)) return undefined;
  return flows.filter((f) => f.phase === 'consent').sort((a, b) => a.startedAt - b.startedAt)[0];
}

const CALL_PHASES: readonly Phase[] = ['creating', 'proving', 'verifying', 'delivering'];

function isOut(flow: Flow, now: number): boolean {
  return flow.inFlightSince !== undefined && now - flow.inFlightSince < CALL_STALE_MS;
}

/** The proving phase's pace; one stored without it (by an older build: an update empties storage.session anyway) starts afresh. */
function paceOf(flow: Flow): PollPace {
  return flow.pace ?? startPace(flow.dueAt);
}

/** When the phase's call may be made: at `dueAt`, and a poll also not before the rate limit allows. */
function callAt(flow: Flow): number {
  return flow.phase === 'proving' ? pollAt(paceOf(flow), flow.dueAt) : flow.dueAt;
}

/** When the runner should next wake this flow with a tick. */
export function nextWakeAt(flow: Flow): number {
  const deadline = flow.phase === 'delivering' ? Number.POSITIVE_INFINITY : Math.min(flow.deadline, graceEndsAt(flow));
  if (!CALL_PHASES.includes(flow.phase)) return deadline;
  const call = flow.inFlightSince !== undefined ? flow.inFlightSince + CALL_STALE_MS : callAt(flow);
  return Math.min(deadline, call);
}

/** Makes the current phase's call. */
function call(flow: Flow, now: number): Step {
  const out = { ...flow, inFlightSince: now };
  switch (flow.phase) {
    case 'creating':
      return { flow: out, effects: [{ type: 'createSession', request: flow.request }] };
    case 'proving':
      return { flow: { ...out, pace: spend(paceOf(flow), now) }, effects: [{ type: 'poll', sessionId: flow.sessionId! }, ...lookForProofTab(flow)] };
    case 'verifying':
      return { flow: out, effects: [{ type: 'verify', proofText: (flow.outcome as { result: ProofPayload }).result.proofText }] };
    case 'delivering': {
      const delivery: Delivery = { channel: CHANNEL, type: 'proof.deliver', flowId: flow.id, source: flow.source, outcome: flow.outcome! };
      return { flow: out, effects: [{ type: 'deliver', target: target(flow), delivery }] };
    }
    default:
      return { flow, effects: [] };
  }
}

/**
 * With each poll, and when a worker starts again: is the proof page still where the flow thinks? The flow hears its
 * page only through tab events that name the tab's id, and a close or an id can go unheard: a worker that died just
 * after opening the tab, a page closed before the tab's id came back, an event lost while a worker stopped or started.
 * Unchecked, such a flow stays deaf to its page (no look at once after a reload, no 4001 after a close) until its
 * deadline. A tabs.get or a tabs.query at most once a poll: both need no permission beyond what the flow has.
 */
function lookForProofTab(flow: Flow): Effect[] {
  if (flow.proofTabId !== undefined) return [{ type: 'checkProofTab', tabId: flow.proofTabId }];
  if (flow.proofUrl !== undefined && flow.proofPageClosedAt === undefined) return [{ type: 'adoptProofTab', url: flow.proofUrl }];
  return [];
}

/** Closes what the flow opened and is no longer needed. */
function cleanup(flow: Flow): { flow: Flow; effects: Effect[] } {
  const effects: Effect[] = [];
  if (flow.consentWindowId !== undefined) effects.push({ type: 'closeWindow', windowId: flow.consentWindowId });
  if (flow.proofTabId !== undefined) effects.push({ type: 'closeTab', tabId: flow.proofTabId });
  return { flow: { ...flow, consentWindowId: undefined, proofTabId: undefined }, effects };
}

function report(flow: Flow, now: number, result: FlowReport['result'], extra: Partial<FlowReport> = {}): Effect {
  return { type: 'report', report: { flowId: flow.id, origin: flow.origin, source: flow.source, at: now, result, ...extra } };
}

/** What the site received, for the user's history. A proof reaches `delivering` only verified, or with verification off. */
function proofRecord(flow: Flow, score: number, now: number): ProofRecord {
  return {
    id: flow.id, origin: flow.origin, at: now, scoreId: flow.request.scoreId, condition: flow.request.condition, score,
    bound: flow.boundOrigin !== undefined, check: flow.config.verify ? 'verified' : 'not-checked', source: flow.source,
  };
}

/** Ends without handing anything over (nobody to hand it to). */
function abandon(flow: Flow, now: number, message: string): Step {
  const { effects } = cleanup(flow);
  return { flow: null, effects: [...effects, report(flow, now, 'undelivered', { message })] };
}

/**
 * What a page is told when the service failed: a fixed text. The service's own words (which may
 * echo anything) go to the user in the popup, never to the site.
 */
export const SERVICE_FAILED_FOR_PAGE = PAGE_MESSAGES.serviceFailed;

/** Ends with an error: the page gets `error` (a fixed text for service failures), the popup's report `detail`. */
function fail(flow: Flow, error: ProofErrorInfo, now: number, detail = error.message): Step {
  const { flow: cleaned, effects } = cleanup(flow);
  // The popup's own flows have no waiting caller: the popup shows the report instead.
  if (flow.source === 'popup') return { flow: null, effects: [...effects, report(flow, now, 'failed', { ...error, message: detail })] };
  const forPage = error.code === ProofErrorCode.ServiceFailed ? { ...error, message: SERVICE_FAILED_FOR_PAGE } : error;
  const next = deliver({ ...cleaned, failure: detail }, { ok: false, error: forPage }, now);
  return { flow: next.flow, effects: [...effects, ...next.effects] };
}

function succeed(flow: Flow, result: ProofPayload, now: number): Step {
  return deliver(flow, { ok: true, result }, now);
}

/** Enters the delivering phase with the outcome to hand to the page. */
function deliver(flow: Flow, outcome: ProofOutcome, now: number): Step {
  return call({ ...flow, phase: 'delivering', outcome, dueAt: now, failures: 0, inFlightSince: undefined }, now);
}

/** What a page is told when no API key is set (here and before a flow starts, lib/proof/runner.ts). */
export const NOT_SET_UP = PAGE_MESSAGES.notSetUp;

function serviceError(error: ApiErrorInfo): ProofErrorInfo {
  if (error.kind === 'not-configured') return { code: ProofErrorCode.Unauthorized, message: NOT_SET_UP };
  // A service failure's words reach only the popup (the page gets SERVICE_FAILED_FOR_PAGE): the user's language.
  const what = error.operation ?? t('proof.why.theService');
  const status = error.status;
  const more = moreThan(error.message, status ? t('proof.why.callFailedStatus', { what, status, error: '' }) : t('proof.why.callFailed', { what, error: '' }));
  const message = more
    ? status ? t('proof.why.callFailedStatus', { what, status, error: more }) : t('proof.why.callFailed', { what, error: more })
    : status ? t('proof.why.callFailedStatusPlain', { what, status }) : t('proof.why.callFailedPlain', { what });
  return { code: ProofErrorCode.ServiceFailed, message };
}

function tick(flow: Flow, now: number): Step {
  if (flow.phase !== 'delivering' && now >= flow.deadline) {
    const minutes = Math.round(flow.config.timeoutMs / 60_000);
    return fail(flow, { code: ProofErrorCode.TimedOut, message: timedOutMessage(minutes) }, now);
  }
  if (now >= graceEndsAt(flow)) return fail(flow, { code: ProofErrorCode.UserRejected, message: PROOF_PAGE_CLOSED }, now);
  if (CALL_PHASES.includes(flow.phase) && !isOut(flow, now) && now >= callAt(flow)) return call(flow, now);
  return { flow, effects: [] };
}

const same = (flow: Flow): Step => ({ flow, effects: [] });

/** The proof page showed signs of life: poll at once, within the rate limit and any failure's backoff. */
function signOfLife(flow: Flow, now: number): Flow {
  const { pace, dueAt } = onSign(paceOf(flow), flow.dueAt, now, { out: isOut(flow, now), backingOff: flow.failures > 0 });
  return { ...flow, pace, dueAt };
}

export function step(flow: Flow, event: FlowEvent, now: number): Step {
  switch (event.type) {
    case 'tick':
      return tick(flow, now);
    case 'resume': {
      // A turn whose window never opened (the worker died in between) is taken again.
      const lostWindow = flow.phase === 'consent' && flow.consentShown && flow.consentWindowId === undefined;
      const resumed = tick({ ...flow, inFlightSince: undefined, ...(lostWindow ? { consentShown: false } : {}) }, now);
      // The page may have closed, or opened, while no worker listened: look now, unless the tick's poll does.
      const f = resumed.flow;
      const look = f !== null && (f.phase === 'proving' || f.phase === 'verifying') && !resumed.effects.some((e) => e.type === 'poll');
      return look ? { flow: f, effects: [...resumed.effects, ...lookForProofTab(f)] } : resumed;
    }

    case 'consentOpened':
      // Opened after the flow moved on (e.g. cancelled meanwhile): close it again.
      if (flow.phase !== 'consent') return { flow, effects: [{ type: 'closeWindow', windowId: event.windowId }] };
      return progress(same({ ...flow, consentWindowId: event.windowId }), 'consent');
    case 'consentTurn':
      if (flow.phase !== 'consent' || flow.consentShown) return same(flow);
      return { flow: { ...flow, consentShown: true }, effects: [{ type: 'openConsent', flowId: flow.id }] };
    case 'refused':
      if (flow.phase !== 'consent') return same(flow);
      return fail(flow, { code: ProofErrorCode.UserRejected, message: event.message }, now);
    case 'consentAnswered': {
      if (flow.phase !== 'consent' || !flow.consentShown) return same(flow);
      if (!event.approve) {
        const failed = fail(flow, { code: ProofErrorCode.UserRejected, message: PAGE_MESSAGES.userRejected }, now);
        const site: Effect = event.block ? { type: 'blockSite', origin: flow.origin } : { type: 'rejected', origin: flow.origin };
        return { flow: failed.flow, effects: [...failed.effects, site] };
      }
      const { flow: closed, effects } = cleanup(flow);
      const next = call({ ...closed, phase: 'creating', dueAt: now }, now);
      return progress({
        flow: next.flow,
        effects: [...effects, ...(event.always ? [{ type: 'allowSite', origin: flow.origin } as const] : []), ...next.effects],
      }, 'approved');
    }
    case 'consentClosed': {
      if (flow.phase !== 'consent') return same(flow);
      const failed = fail({ ...flow, consentWindowId: undefined }, { code: ProofErrorCode.UserRejected, message: PAGE_MESSAGES.consentClosed }, now);
      return { flow: failed.flow, effects: [...failed.effects, { type: 'rejected', origin: flow.origin }] };
    }

    case 'sessionCreated': {
      if (flow.phase !== 'creating') return same(flow);
      const refuse = (message: string) => fail({ ...flow, inFlightSince: undefined }, { code: ProofErrorCode.ServiceFailed, message }, now);
      if (!isSessionId(event.sessionId)) return refuse(t('proof.why.badSessionId'));
      const { proofPageTemplate, integrationBaseUrl } = flow.config;
      const url = event.url === undefined
        ? proofPageUrl(proofPageTemplate, event.sessionId)
        : serviceProofPage(event.url, [proofPageTemplate, integrationBaseUrl]);
      if (url === null) return refuse(t('proof.why.foreignProofPage'));
      return progress({
        flow: {
          ...flow, phase: 'proving', sessionId: event.sessionId, proofUrl: url, pace: startPace(now),
          dueAt: now + POLL_INTERVAL_MS, inFlightSince: undefined, failures: 0, lastError: undefined,
        },
        effects: [{ type: 'openProofTab', url, besideTabId: flow.tabId }],
      }, 'approved');
    }
    case 'proofPageRefused':
      if (flow.phase !== 'proving' && flow.phase !== 'verifying') return same(flow);
      return fail(flow, { code: ProofErrorCode.Unauthorized, message: NOT_SET_UP }, now, event.message);
    case 'proofTabOpened':
      // A proof tab opened for a flow that already handed over or failed is closed at once.
      if (flow.phase !== 'proving' && flow.phase !== 'verifying') return { flow, effects: [{ type: 'closeTab', tabId: event.tabId }] };
      return progress(same({ ...flow, proofTabId: event.tabId }), 'proof-page');

    case 'polled': {
      if (flow.phase !== 'proving') return same(flow);
      if (event.status === 'PROCESSING') {
        const { pace, dueAt } = nextAfterAnswer(paceOf(flow), now);
        return same({ ...flow, inFlightSince: undefined, pace, dueAt, failures: 0, lastError: undefined });
      }
      const finished = { ...flow, finishedAt: flow.finishedAt ?? now, inFlightSince: undefined };
      const proofText = event.proof ?? '';
      let score: number;
      try {
        ({ score } = parseProofJson(proofText));
      } catch (e) {
        return fail(finished, { code: ProofErrorCode.ServiceFailed, message: t('proof.why.unreadableProof', { error: (e as Error).message }) }, now);
      }
      // Checked here, handed on as the service's text: the page parses it (lib/proof/contract.ts, ProofPayload).
      const { web2Id } = flow.request;
      const result: ProofPayload = { sessionId: flow.sessionId!, proofText, web2Id, ...(flow.boundOrigin ? { boundOrigin: flow.boundOrigin } : {}) };
      const scored = { ...finished, score };
      if (!flow.config.verify) {
        const noted = progress(same(scored), 'proof-received');
        const next = succeed(noted.flow!, result, now);
        return { flow: next.flow, effects: [...noted.effects, ...next.effects] };
      }
      return progress(call({ ...scored, phase: 'verifying', outcome: { ok: true, result }, dueAt: now, failures: 0 }, now), 'proof-received', 'verifying');
    }
    case 'verified': {
      if (flow.phase !== 'verifying' || !flow.outcome?.ok) return same(flow);
      if (!event.valid) return fail(flow, { code: ProofErrorCode.ServiceFailed, message: t('proof.why.invalidProof') }, now);
      return succeed(flow, flow.outcome.result, now);
    }
    case 'callFailed': {
      if (flow.phase !== 'creating' && flow.phase !== 'proving' && flow.phase !== 'verifying') return same(flow);
      const e = event.error;
      const failures = flow.failures + 1;
      const dueAt = afterFailedCall(e, failures, now);
      if (dueAt === null) return fail(flow, serviceError(e), now);
      return same({ ...flow, inFlightSince: undefined, failures, lastError: e.message, dueAt });
    }

    case 'delivered': {
      if (flow.phase !== 'delivering' || !flow.outcome) return same(flow);
      const { effects } = cleanup(flow);
      const o = flow.outcome;
      return {
        flow: null,
        effects: [
          ...effects,
          // Bring the user back to the site that asked, once the proof tab is out of the way.
          ...(o.ok || flow.sessionId ? [{ type: 'focusTab', tabId: flow.tabId } as const] : []),
          report(flow, now, o.ok ? 'delivered' : 'failed', o.ok ? { score: flow.score, finishedAt: flow.finishedAt } : { ...o.error, message: flow.failure ?? o.error.message }),
          ...(o.ok && flow.score !== undefined ? [{ type: 'remember', record: proofRecord(flow, flow.score, now) } as const] : []),
        ],
      };
    }
    case 'deliveryFailed': {
      if (flow.phase !== 'delivering') return same(flow);
      const failures = flow.failures + 1;
      if (event.reason === 'no-receiver' && failures < MAX_DELIVERY_ATTEMPTS) {
        return same({ ...flow, inFlightSince: undefined, failures, dueAt: now + POLL_INTERVAL_MS, lastError: t('proof.why.pageSilent') });
      }
      // Nobody is left to tell: these reach only the popup, in the user's language.
      const why = { 'origin-changed': 'proof.why.tabLeft', 'tab-gone': 'proof.why.tabClosed', 'no-receiver': 'proof.why.pageNeverAnswered' } as const;
      return abandon(flow, now, t(why[event.reason]));
    }

    case 'tabClosed':
      if (event.tabId === flow.tabId) return abandon(flow, now, t('proof.why.requestingTabClosed'));
      // Closing the proof tab loses nothing: a proof that finishes within the grace period is still handed
      // over. People close it when the page says the proof is ready, so look now rather than at the next poll.
      if (event.tabId === flow.proofTabId) {
        if (flow.phase !== 'proving') return tick({ ...flow, proofTabId: undefined, dueAt: Math.min(flow.dueAt, now) }, now);
        return tick(signOfLife({ ...flow, proofTabId: undefined, proofPageClosedAt: now }, now), now);
      }
      return same(flow);
    case 'tabLoaded':
      // The proof page moved on (the service's page may show its result on a page of its own): look now.
      if (event.tabId !== flow.proofTabId || flow.phase !== 'proving') return same(flow);
      return tick(signOfLife(flow, now), now);
    case 'cancel':
      if (flow.phase === 'delivering') return same(flow);
      return fail(flow, { code: ProofErrorCode.UserRejected, message: PAGE_MESSAGES.userCancelled }, now);
    case 'superseded':
      return abandon(flow, now, t('proof.why.tabMoved'));
    case 'pageGaveUp':
      return abandon(flow, now, t('proof.why.pageGaveUp'));
  }
}
