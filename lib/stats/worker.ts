/**
 * The worker's side of the stats: it alone calls the service, through the
 * shared cache, so every page and the badge share entries and in-flight
 * requests.
 */
import type { WorkerFeature } from '@/lib/background/feature.ts';
import type { ScopedCache } from '@/lib/cache/scoped-cache.ts';
import type { ServiceContext } from '@/lib/cache/service-scope.ts';
import type { CacheEntry } from '@/lib/cache/swr.ts';
import type { Route } from '@/lib/messaging/router.ts';
import { measured } from '@/lib/timing/measure.ts';
import type { Need } from './headline.ts';
import { parseStatsRequest, requestKey, requestParams, type StatsRequest } from './query.ts';

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    /**
     * A fresh answer for one stats block: the cached one while within its TTL,
     * else fetched (shared with identical requests in flight). `force` skips
     * the TTL. Pages paint the stored entry first and call this to revalidate.
     */
    'stats.get': { request: { request: StatsRequest; force?: boolean }; response: CacheEntry<unknown> };
    /**
     * Sent by a page about to ask for stats it has nothing of: starts the
     * worker (when stopped) and reads the settings, key and scope its fetches
     * will need, while the page is still rendering. Never fails: the
     * stats.get that follows reports what is wrong.
     */
    'stats.prepare': { request: Record<string, never>; response: null };
  }
}

export interface StatsDeps {
  /** The worker's cache; it hands each fetch the client of the scope it stores under. */
  readonly cache: ScopedCache<ServiceContext>;
  readonly now?: () => number;
}

/** Fetches through the cache: the one path from a stats request to the service. */
export function fetchStat(deps: StatsDeps, request: StatsRequest, force = false): Promise<CacheEntry<unknown>> {
  const now = deps.now ?? Date.now;
  const key = requestKey(request);
  // `request.op` is any data operation, so its parameter type is a union TypeScript cannot pick from;
  // requestParams built them from that operation's own catalog entry.
  const fetcher = ({ client }: ServiceContext) => measured('worker.fetch', () => client.call(request.op, requestParams(request, now()) as never));
  return measured('worker.stats-get', () => (force ? deps.cache.refresh(key, fetcher) : deps.cache.get(key, fetcher)));
}

/**
 * Fetches what a headline stands on (lib/stats/headline.ts headlineNeeds)
 * through the cache; an entry stored before its period was over (asked for
 * while its last day was today) holds a day not complete, and is fetched again.
 */
export async function fetchComplete(deps: StatsDeps, need: Need, force?: boolean): Promise<CacheEntry<unknown>> {
  const entry = await fetchStat(deps, need.request, force);
  return entry.storedAt >= need.completeAfterMs ? entry : fetchStat(deps, need.request, true);
}

export function statsRoutes(deps: StatsDeps): { 'stats.get': Route<'stats.get'>; 'stats.prepare': Route<'stats.prepare'> } {
  return {
    'stats.prepare': {
      allow: ['extension-page'],
      handle: async () => {
        await deps.cache.prepare().catch(() => undefined);
        return null;
      },
    },
    'stats.get': {
      allow: ['extension-page'],
      parse: (payload) => {
        const p = (payload ?? {}) as { request?: unknown; force?: unknown };
        return { request: parseStatsRequest(p.request), force: p.force === true };
      },
      handle: ({ request, force }) => fetchStat(deps, request, force),
    },
  };
}

export const statsWorker: WorkerFeature = {
  name: 'stats',
  init: ({ cache }) => ({ routes: statsRoutes({ cache }) }),
};
