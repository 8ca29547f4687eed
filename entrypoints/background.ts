import { browser } from 'wxt/browser';
import { makeClientFactory } from '../lib/background/client-factory.ts';
import { buildRoutes } from '../lib/background/routes.ts';
import { installScoreMenu } from '../lib/background/score-menu-wiring.ts';
import { startBadge } from '../lib/badge/worker.ts';
import { clearCacheOnServiceChange } from '../lib/cache/service-scope.ts';
import { createWorkerCache } from '../lib/cache/worker-cache.ts';
import { createMessageListener } from '../lib/messaging/router.ts';
import { createProofWorker } from '../lib/proof/worker.ts';
import { applyDevPreset } from '../lib/settings/dev-preset.ts';
import { indexedDbVault } from '../lib/settings/key-vault.ts';

// `npm start` builds with the sandbox's demo key; a production build has none (the branch is dropped).
const SANDBOX_KEY: string | undefined = import.meta.env.DEV ? import.meta.env.WXT_SANDBOX_API_KEY : undefined;

export default defineBackground({
  // Firefox (MV2): an event page, stopped when idle like Chromium's service worker, so both browsers
  // run one lifecycle (docs/permissions.md). Chromium's MV3 build ignores it.
  persistent: false,
  main() {
    // Listeners are registered synchronously so a worker woken by an event sees it.
    const manifest = browser.runtime.getManifest();
    const vault = indexedDbVault();
    const deps = {
      name: manifest.name,
      version: manifest.version,
      getClient: makeClientFactory(vault),
      cache: createWorkerCache(),
    };
    clearCacheOnServiceChange(() => deps.cache.store.clear());
    const proofs = createProofWorker(vault);
    const routes = { ...buildRoutes(deps), ...proofs.routes };
    browser.runtime.onMessage.addListener(
      createMessageListener(routes, browser.runtime.id, new URL(browser.runtime.getURL('/')).origin) as never,
    );
    // Tab/window/alarm listeners, then resume whatever proof flow a stopped worker left in storage.
    proofs.listen();
    browser.runtime.onInstalled.addListener(() => {
      applyDevPreset(vault, SANDBOX_KEY).catch((e: unknown) => console.warn('Vantage: sandbox preset not applied:', String(e)));
    });
    installScoreMenu();
    // Firefox MV2 builds name the toolbar button browserAction.
    startBadge({ ...deps, title: manifest.name, alarms: browser.alarms, action: (browser.action ?? browser.browserAction) as never });
  },
});
