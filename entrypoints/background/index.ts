import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startWorker } from '@/lib/background/start.ts';
import { BUILD_ID } from '@/lib/build/id.ts';
import { makeServiceContext } from '@/lib/cache/service-scope.ts';
import { createWorkerCache } from '@/lib/cache/worker-cache.ts';
import { closeStorageToContentScripts } from '@/lib/platform/storage-access.ts';
import { browserHostsGranted } from '@/lib/settings/host-access.ts';
import { prepareStorage } from '@/lib/storage/prepare.ts';
import { indexedDbScopeSecret, indexedDbVault } from '@/lib/settings/key-vault.ts';
import { WORKER_FEATURES } from './features.ts';

export default defineBackground({
  // Firefox (MV2): an event page, stopped when idle like Chromium's service worker, so both browsers
  // run one lifecycle (docs/permissions.md). Chromium's MV3 build ignores it.
  persistent: false,
  main() {
    // For npm run bench:popup: the worker's script is loaded and its modules evaluated.
    performance.mark('vantage:worker.main');
    // Before anything else: content scripts must not read or change what the extension stores.
    closeStorageToContentScripts().catch((e: unknown) => console.error('Vantage: storage could not be closed to content scripts:', String(e)));
    // Storage in this build's layout before any feature reads it: at install and update, and at any start that finds it behind.
    void prepareStorage();
    // What every feature shares, built once.
    const { name, version } = browser.runtime.getManifest();
    const vault = indexedDbVault();
    const scopeSecret = indexedDbScopeSecret();
    const hostsGranted = browserHostsGranted();
    const cache = createWorkerCache(makeServiceContext(vault, scopeSecret, hostsGranted));
    // Every feature's routes and listeners (./features.ts), registered synchronously.
    startWorker(WORKER_FEATURES, { name, version, build: BUILD_ID, vault, scopeSecret, hostsGranted, cache });
    // For npm run bench:popup: when the worker could first answer.
    performance.mark('vantage:worker.started');
  },
});
