import type { Routes } from '../messaging/router.ts';

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
  };
}
