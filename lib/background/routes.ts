import type { Routes } from '../messaging/router.ts';
import { parseConnectionInput, testConnection } from '../settings/connection.ts';

/** Everything the worker needs to answer messages; injected so tests can fake it. */
export interface WorkerDeps {
  readonly name: string;
  readonly version: string;
}

/** All message routes the worker answers. Each feature contributes its own. */
export function buildRoutes(deps: WorkerDeps): Routes {
  return {
    ping: {
      allow: ['extension-page'],
      handle: async () => ({ name: deps.name, version: deps.version }),
    },
    // Options' "Test connection": the draft key comes from the extension's own page only.
    'settings.testConnection': { allow: ['extension-page'], parse: parseConnectionInput, handle: (p) => testConnection(p) },
  };
}
