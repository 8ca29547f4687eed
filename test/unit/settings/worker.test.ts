import { describe, expect, it } from 'vitest';
import type { WorkerDeps } from '@/lib/background/feature.ts';
import { settingsWorker } from '@/lib/settings/worker.ts';

/** Settings in the worker: the connection test takes a draft key, so only the extension's own pages may ask for it. */
describe('settingsWorker', () => {
  it('answers the connection test for extension pages only, with a checked payload', () => {
    const { routes } = settingsWorker.init({ hostsGranted: async () => true } as unknown as WorkerDeps);
    const route = routes?.['settings.testConnection'];
    expect(route?.allow).toEqual(['extension-page']);
    expect(() => route?.parse?.({ dataBaseUrl: 1 })).toThrow();
  });
});
