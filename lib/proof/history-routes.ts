import { isRecord } from '@/lib/api/body.ts';
import { ApiError } from '@/lib/api/errors.ts';
import type { Routes } from '@/lib/messaging/router.ts';
import { HISTORY_LIMIT, isProofRecord, type ProofRecord } from './history.ts';
import type { ProofHistory } from './history-store.ts';

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    /** The Proofs tab's "Forget" on one proof (or several); answers what it forgot, for an undo. */
    'proof.history.forget': { request: { ids: string[] }; response: { forgotten: ProofRecord[] } };
    /** "Forget all", after the user confirmed it. */
    'proof.history.clear': { request: Record<string, never>; response: { forgotten: number } };
    /** "Undo" after a forget: the records it answered, put back. */
    'proof.history.restore': { request: { records: ProofRecord[] }; response: { restored: number } };
  }
}

const invalid = (message: string) => new ApiError({ kind: 'invalid-params', message });

function parseIds(p: unknown): { ids: string[] } {
  const ids = isRecord(p) ? p.ids : undefined;
  if (!Array.isArray(ids) || ids.length > HISTORY_LIMIT || !ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100)) {
    throw invalid('ids must be a list of record ids.');
  }
  return { ids: ids as string[] };
}

function parseRecords(p: unknown): { records: ProofRecord[] } {
  const records = isRecord(p) ? p.records : undefined;
  if (!Array.isArray(records) || records.length > HISTORY_LIMIT || !records.every(isProofRecord)) throw invalid('records must be proof records.');
  return { records };
}

/** The history's routes: extension pages only (the worker is its only writer; a content script never reaches it). */
export function historyRoutes(
  history: ProofHistory,
  now: () => number,
  /** Forgotten proofs leave the popup's recent outcomes too (ProofRunner.forgetDelivered). */
  forgetReports: (flowIds: readonly string[] | 'all') => Promise<void>,
): Routes {
  return {
    'proof.history.forget': {
      allow: ['extension-page'],
      parse: parseIds,
      handle: async (p) => {
        const forgotten = await history.forget(p.ids, now());
        await forgetReports(p.ids);
        return { forgotten };
      },
    },
    'proof.history.clear': {
      allow: ['extension-page'],
      handle: async () => {
        const forgotten = await history.clear(now());
        await forgetReports('all');
        return { forgotten };
      },
    },
    'proof.history.restore': {
      allow: ['extension-page'],
      parse: parseRecords,
      handle: async (p) => {
        await history.add(p.records, now());
        return { restored: p.records.length };
      },
    },
  };
}
