import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { makeServiceContext } from '@/lib/background/client-factory.ts';
import { buildRoutes } from '@/lib/background/routes.ts';
import { installScoreMenu } from '@/lib/background/score-menu-wiring.ts';
import { startBadge } from '@/lib/badge/worker.ts';
import { currentScope, followScope } from '@/lib/cache/service-scope.ts';
import { createWorkerCache } from '@/lib/cache/worker-cache.ts';
import { createMessageListener } from '@/lib/messaging/router.ts';
import { recentLookups } from '@/lib/score/recent.ts';
import { createProofWorker } from '@/lib/proof/worker.ts';
import { applyDevPreset } from '@/lib/settings/dev-preset.ts';
import { browserHostsGranted } from '@/lib/settings/host-access.ts';
import { closeStorageToContentScripts } from '@/lib/settings/trusted-storage.ts';
import { indexedDbScopeSecret, indexedDbVault } from '@/lib/settings/key-vault.ts';

// `npm start` builds with the sandbox's demo key; a production build has none (the branch is dropped).
const SANDBOX_KEY: string | undefined = import.meta.env.DEV ? import.meta.env.WXT_SANDBOX_API_KEY : undefined;

export default defineBackground({
  // Firefox (MV2): an event page, stopped when idle like Chromium's service worker, so both browsers
  // run one lifecycle (docs/permissions.md). Chromium's MV3 build ignores it.
  persistent: false,
  main() {
    // Before anything else: content scripts must not read or change what the extension stores.
    closeStorageToContentScripts().catch((e: unknown) => console.error('Vantage: storage could not be closed to content scripts:', String(e)));
    // Listeners are registered synchronously so a worker woken by an event sees it.
    const manifest = browser.runtime.getManifest();
    const vault = indexedDbVault();
    const scopeSecret = indexedDbScopeSecret();
    const hostsGranted = browserHostsGranted();
    const deps = {
      name: manifest.name,
      version: manifest.version,
      hostsGranted,
      recent: recentLookups(vault),
      cache: createWorkerCache(makeServiceContext(vault, scopeSecret, hostsGranted)),
    };
    const scopeNow = () => currentScope(vault, scopeSecret);
    // Another service or key: the old account's answers go, and none fetched before the change is stored.
    followScope(scopeNow, (scope) => deps.cache.retain(scope));
    const proofs = createProofWorker(vault, hostsGranted);
    const routes = { ...buildRoutes(deps), ...proofs.routes };
    browser.runtime.onMessage.addListener(
      createMessageListener(routes, browser.runtime.id, new URL(browser.runtime.getURL('/')).origin) as never,
    );
    // Tab/window/alarm listeners, then resume whatever proof flow a stopped worker left in storage.
    proofs.listen();
    browser.runtime.onInstalled.addListener(() => {
      applyDevPreset(vault, SANDBOX_KEY).catch((e: unknown) => console.warn('Vantage: sandbox preset not applied:', String(e)));
      // An update may leave entries of an older layout (without a scope) behind.
      scopeNow().then((scope) => deps.cache.retain(scope)).catch((e: unknown) => console.warn('Vantage: cache not tidied:', String(e)));
    });
    installScoreMenu();
    // Firefox MV2 builds name the toolbar button browserAction.
    startBadge({ ...deps, title: manifest.name, alarms: browser.alarms, action: (browser.action ?? browser.browserAction) as never });
  },
});
