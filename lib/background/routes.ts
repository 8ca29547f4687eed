import type { ScopedCache } from '@/lib/cache/scoped-cache.ts';
import type { ServiceContext } from '@/lib/cache/service-scope.ts';
import type { Routes } from '@/lib/messaging/router.ts';
import type { RecentLookups } from '@/lib/score/recent.ts';
import { parseConnectionInput, testConnection } from '@/lib/settings/connection.ts';
import type { HostsGranted } from '@/lib/settings/host-access.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { statsRoutes } from '@/lib/stats/routes.ts';
import { scoreRoutes } from './score-routes.ts';

/** Everything the worker needs to answer messages; injected so tests can fake it. */
export interface WorkerDeps {
  readonly name: string;
  readonly version: string;
  /** The worker's one answer cache, shared by every feature; its fetches get a client from the current settings and key. */
  readonly cache: ScopedCache<ServiceContext>;
  /** Whether the user granted the hosts a set of service addresses uses (the key goes nowhere else). */
  readonly hostsGranted: HostsGranted;
  /** The user's recent score lookups (sealed). */
  readonly recent: RecentLookups;
}

/** All message routes the worker answers. Each feature contributes its own. */
export function buildRoutes(deps: WorkerDeps): Routes {
  return {
    ping: {
      allow: ['extension-page'],
      handle: async () => ({ name: deps.name, version: deps.version }),
    },
    // Options' "Test connection": the draft key comes from the extension's own page only.
    'settings.testConnection': { allow: ['extension-page'], parse: parseConnectionInput, handle: (p) => testConnection(p, deps.hostsGranted) },
    ...scoreRoutes({ cache: deps.cache, settings: loadSettings, remember: (e) => deps.recent.remember(e) }),
    ...statsRoutes({ cache: deps.cache }),
  };
}
