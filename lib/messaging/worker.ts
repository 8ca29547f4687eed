import type { WorkerFeature } from '@/lib/background/feature.ts';

/** The messaging layer's own route: liveness and identity, for pages and the e2e harness. */
export const messagingWorker: WorkerFeature = {
  name: 'messaging',
  init: (deps) => ({
    routes: {
      ping: { allow: ['extension-page'], handle: async () => ({ name: deps.name, version: deps.version }) },
    },
  }),
};
