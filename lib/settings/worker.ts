import { browser } from 'wxt/browser';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { parseConnectionInput, testConnection } from './connection.ts';
import { applyDevPreset } from './dev-preset.ts';

// `npm start` builds with the sandbox's demo key; a production build has none (the branch is dropped).
const SANDBOX_KEY: string | undefined = import.meta.env.DEV ? import.meta.env.WXT_SANDBOX_API_KEY : undefined;

/** Settings in the worker: Options' connection test, and the sandbox preset of a development build. */
export const settingsWorker: WorkerFeature = {
  name: 'settings',
  init: (deps) => ({
    routes: {
      // Options' "Test connection": the draft key comes from the extension's own page only.
      'settings.testConnection': { allow: ['extension-page'], parse: parseConnectionInput, handle: (p) => testConnection(p, deps.hostsGranted) },
    },
    listen() {
      browser.runtime.onInstalled.addListener(() => {
        applyDevPreset(deps.vault, SANDBOX_KEY).catch((e: unknown) => console.warn('Vantage: sandbox preset not applied:', String(e)));
      });
    },
  }),
};
