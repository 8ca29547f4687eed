import { isRecord } from '@/lib/api/body.ts';
import { ApiError } from '@/lib/api/errors.ts';
import type { Routes } from '@/lib/messaging/router.ts';
import { ProofErrorCode, ProofRequestError, type ProofRequestParams } from './contract.ts';
import { parseProofRequest } from './params.ts';
import type { FlowReport } from './flow.ts';
import type { Handoff } from './handoff.ts';
import type { ClaimAnswer, RequestAck } from './relay.ts';
import type { ConsentDetails, FlowSummary, ProofRunner } from './runner.ts';

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    /** From a page, through the content script: start a flow for this tab and origin. */
    'proof.request': { request: ProofRequestParams; response: RequestAck };
    /** From a content script the worker knocked on: claim the knock's ticket (lib/proof/handoff.ts). */
    'proof.claim': { request: { ticket: string }; response: ClaimAnswer };
    /** From the requesting page's relay: the page no longer waits for this flow (lib/proof/relay.ts). */
    'proof.abandon': { request: { flowId: string }; response: { done: true } };
    /** The consent page reads what it is asked to approve. */
    'proof.consent.get': { request: { flowId: string }; response: ConsentDetails | null };
    'proof.consent.answer': { request: { flowId: string; approve: boolean; always: boolean; block?: boolean }; response: { done: true } };
    /** The popup's Proofs tab. */
    'proof.list': { request: Record<string, never>; response: { flows: FlowSummary[]; reports: readonly FlowReport[] } };
    'proof.cancel': { request: { flowId: string }; response: { done: true } };
    /** "Prove my score to this site"; no tabId = the active tab. */
    'proof.startForTab': { request: { tabId?: number }; response: RequestAck };
  }
}

function record(p: unknown): Record<string, unknown> {
  if (!isRecord(p)) throw new ApiError({ kind: 'invalid-params', message: 'Expected an object.' });
  return p;
}

function flowId(p: unknown): string {
  const id = record(p).flowId;
  if (typeof id !== 'string' || !id || id.length > 100) throw new ApiError({ kind: 'invalid-params', message: 'flowId must be a string.' });
  return id;
}

/** Page parameters: the router refuses a throw as invalid-params, which the relay turns into -32602. */
function parsePageRequest(p: unknown): ProofRequestParams {
  try {
    return parseProofRequest(p);
  } catch (e) {
    throw new ApiError({ kind: 'invalid-params', message: e instanceof ProofRequestError ? e.message : 'Invalid parameters.' });
  }
}

function ticket(p: unknown): string {
  const t = record(p).ticket;
  if (typeof t !== 'string' || !t || t.length > 100) throw new ApiError({ kind: 'invalid-params', message: 'ticket must be a string.' });
  return t;
}

export function proofRoutes(runner: ProofRunner, handoff: Handoff): Routes {
  return {
    'proof.request': {
      allow: ['content-script'],
      parse: parsePageRequest,
      handle: async (params, caller) => {
        // Origin and tab come from the browser (classifySender), never from the message.
        if (caller.tabId === undefined || !caller.origin || caller.frameId !== 0) {
          return { error: { code: ProofErrorCode.Unauthorized, message: 'Only a top-level page may request proofs.' } };
        }
        const { tabId, origin, documentId } = caller;
        return runner.request({ tabId, origin, ...(documentId ? { documentId } : {}) }, params);
      },
    },
    'proof.claim': {
      allow: ['content-script'],
      parse: (p) => ({ ticket: ticket(p) }),
      // The handoff checks the browser-reported caller against the ticket (tab, top frame, origin).
      handle: async (p, caller) => handoff.claim(p.ticket, caller),
    },
    'proof.abandon': {
      allow: ['content-script'],
      parse: (p) => ({ flowId: flowId(p) }),
      handle: async (p, caller) => {
        // Only the tab and origin the browser names for the sender can give up on their own flow.
        if (caller.tabId !== undefined && caller.origin && caller.frameId === 0) {
          await runner.abandon({ tabId: caller.tabId, origin: caller.origin }, p.flowId);
        }
        return { done: true };
      },
    },
    'proof.consent.get': {
      allow: ['extension-page'],
      parse: (p) => ({ flowId: flowId(p) }),
      handle: (p) => runner.consentDetails(p.flowId),
    },
    'proof.consent.answer': {
      allow: ['extension-page'],
      parse: (p) => {
        const r = record(p);
        return { flowId: flowId(p), approve: r.approve === true, always: r.always === true, block: r.block === true };
      },
      handle: async (p) => {
        // The flow ignores `always` on a rejection, and `block` on an approval.
        await runner.answerConsent(p.flowId, p.approve, p.always, p.block);
        return { done: true };
      },
    },
    'proof.list': { allow: ['extension-page'], handle: () => runner.list() },
    'proof.cancel': {
      allow: ['extension-page'],
      parse: (p) => ({ flowId: flowId(p) }),
      handle: async (p) => {
        await runner.cancel(p.flowId);
        return { done: true };
      },
    },
    'proof.startForTab': {
      allow: ['extension-page'],
      parse: (p) => {
        const t = record(p ?? {}).tabId;
        if (t !== undefined && !Number.isInteger(t)) throw new ApiError({ kind: 'invalid-params', message: 'tabId must be an integer.' });
        return t === undefined ? {} : { tabId: t as number };
      },
      handle: (p) => runner.startForTab(p.tabId),
    },
  };
}
