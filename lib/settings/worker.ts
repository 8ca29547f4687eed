import { browser } from 'wxt/browser';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { parseConnectionInput, testConnection } from './connection.ts';
import { applyDevPreset } from './dev-preset.ts';
import { noteKeyLostInUpdate } from './store.ts';

// `npm start` builds with the sandbox's demo key; a production build has none (the branch is dropped).
const SANDBOX_KEY: string | undefined = import.meta.env.DEV ? import.meta.env.WXT_SANDBOX_API_KEY : undefined;

/** Settings in the worker: Options' connection test, the sandbox preset of a development build, and a session-only key an update took. */
export const settingsWorker: WorkerFeature = {
  name: 'settings',
  init: (deps) => ({
    routes: {
      // Options' "Test connection": the draft key comes from the extension's own page only.
      'settings.testConnection': { allow: ['extension-page'], parse: parseConnectionInput, handle: (p) => testConnection(p, deps.hostsGranted) },
    },
    listen() {
      browser.runtime.onInstalled.addListener((details) => {
        // An update empties storage.session: a key kept there is gone, and the user should hear why. Then the preset
        // (which may store a key, and so clear that note).
        noteKeyLostInUpdate(deps.vault, details)
          .catch((e: unknown) => console.warn('Vantage: could not check the session key:', String(e)))
          .then(() => applyDevPreset(deps.vault, SANDBOX_KEY))
          .catch((e: unknown) => console.warn('Vantage: sandbox preset not applied:', String(e)));
      });
    },
  }),
};
