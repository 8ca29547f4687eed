import { ApiError } from '@/lib/api/errors.ts';
import type { Route } from '@/lib/messaging/router.ts';
import { createScoreLookup, type ScoreLookup, type ScoreLookupDeps, type ScoreLookupRequest } from '@/lib/score/lookup.ts';

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    /** Score of any address under a model (calculateCustomScore), cached briefly. */
    'score.lookup': { request: ScoreLookupRequest; response: ScoreLookup };
  }
}

function parseLookupRequest(payload: unknown): ScoreLookupRequest {
  const p = (payload ?? {}) as { address?: unknown; scoreId?: unknown };
  if (typeof p.address !== 'string' || (p.scoreId !== undefined && typeof p.scoreId !== 'string')) {
    throw new ApiError({ kind: 'invalid-params', message: 'A score lookup needs an address and, optionally, a model.' });
  }
  return p.scoreId === undefined ? { address: p.address } : { address: p.address, scoreId: p.scoreId };
}

/** Extension pages only: a web page has no business spending the user's key on lookups. */
export function scoreRoutes(deps: ScoreLookupDeps): { 'score.lookup': Route<'score.lookup'> } {
  const lookup = createScoreLookup(deps);
  return {
    'score.lookup': { allow: ['extension-page'], parse: parseLookupRequest, handle: (payload) => lookup(payload) },
  };
}
