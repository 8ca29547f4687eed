import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { alertsWorker } from '@/lib/alerts/worker.ts';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { startWorker } from '@/lib/background/start.ts';
import { badgeWorker } from '@/lib/badge/worker.ts';
import { cacheWorker } from '@/lib/cache/worker.ts';
import { makeServiceContext } from '@/lib/cache/service-scope.ts';
import { createWorkerCache } from '@/lib/cache/worker-cache.ts';
import { messagingWorker } from '@/lib/messaging/worker.ts';
import { notifyWorker } from '@/lib/notify/worker.ts';
import { omniboxWorker } from '@/lib/omnibox/worker.ts';
import { closeStorageToContentScripts } from '@/lib/platform/storage-access.ts';
import { proofWorker } from '@/lib/proof/worker.ts';
import { scoreWorker } from '@/lib/score/worker.ts';
import { browserHostsGranted } from '@/lib/settings/host-access.ts';
import { indexedDbScopeSecret, indexedDbVault } from '@/lib/settings/key-vault.ts';
import { settingsWorker } from '@/lib/settings/worker.ts';
import { statsWorker } from '@/lib/stats/worker.ts';
import { watchWorker } from '@/lib/watch/worker.ts';

/**
 * Every feature with a worker side, each from its lib/<feature>/worker.ts.
 * Their listeners are registered in this order; proofs come last, so the
 * flow a stopped worker left in storage resumes once every listener is in
 * place.
 */
export const WORKER_FEATURES: readonly WorkerFeature[] = [
  messagingWorker,
  settingsWorker,
  cacheWorker,
  statsWorker,
  scoreWorker,
  badgeWorker,
  omniboxWorker,
  watchWorker,
  notifyWorker,
  alertsWorker,
  proofWorker,
];

export default defineBackground({
  // Firefox (MV2): an event page, stopped when idle like Chromium's service worker, so both browsers
  // run one lifecycle (docs/permissions.md). Chromium's MV3 build ignores it.
  persistent: false,
  main() {
    // For npm run bench:popup: the worker's script is loaded and its modules evaluated.
    performance.mark('vantage:worker.main');
    // Before anything else: content scripts must not read or change what the extension stores.
    closeStorageToContentScripts().catch((e: unknown) => console.error('Vantage: storage could not be closed to content scripts:', String(e)));
    // What every feature shares, built once.
    const { name, version } = browser.runtime.getManifest();
    const vault = indexedDbVault();
    const scopeSecret = indexedDbScopeSecret();
    const hostsGranted = browserHostsGranted();
    const cache = createWorkerCache(makeServiceContext(vault, scopeSecret, hostsGranted));
    // Every feature's routes and listeners (WORKER_FEATURES above), registered synchronously.
    startWorker(WORKER_FEATURES, { name, version, vault, scopeSecret, hostsGranted, cache });
    // For npm run bench:popup: when the worker could first answer.
    performance.mark('vantage:worker.started');
  },
});
