import { browser } from 'wxt/browser';
import type { ApiClient } from '@/lib/api/client.ts';
import { makeClientFactory, type ClientOverrides } from '@/lib/api/client-factory.ts';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import type { Routes } from '@/lib/messaging/router.ts';
import { siteLists } from '@/lib/settings/site-lists.ts';
import { browserPageGranted, type HostsGranted } from '@/lib/settings/host-access.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { hasApiKey, loadSettings } from '@/lib/settings/store.ts';
import { setAsideStore, withRecords as withSetAside } from '@/lib/storage/set-aside.ts';
import { alarmWatchdog, extensionProofBrowser, tabExists, tabLoadListener, tabsKnock, WATCHDOG_ALARM } from './browser-ports.ts';
import { sessionFlowStore } from './flow-store.ts';
import { Handoff } from './handoff.ts';
import { historyRoutes } from './history-routes.ts';
import { historyStore, type ProofHistory } from './history-store.ts';
import { closeLegacyProofPages } from './legacy-pages.ts';
import { sitePseudonyms } from './pseudonym.ts';
import { proofRoutes } from './routes.ts';
import { ProofRunner, siteDecisions, type ProofApi } from './runner.ts';

/** One attempt per call: the flow machine does its own backoff, across worker restarts. */
const SINGLE_ATTEMPT: ClientOverrides = { backoff: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 } };

function clientProofApi(client: (o?: ClientOverrides) => Promise<ApiClient>): ProofApi {
  return {
    createSession: async (request, signal) => (await client(SINGLE_ATTEMPT)).call('createUrl', { ...request }, { signal }),
    poll: async (sessionId, signal) => (await client(SINGLE_ATTEMPT)).call('getProofData', { sessionId }, { signal }),
    verify: async (proof, signal) => (await (await client(SINGLE_ATTEMPT)).call('verifyProof', { proof: { ...proof } }, { signal })).valid,
  };
}

/** The proof history, its entries that no longer validate set aside (Options, "Needs your attention"). */
export function workerProofHistory(vault: KeyVault): ProofHistory {
  const setAside = setAsideStore(vault);
  return historyStore(vault, async (rejected) => {
    await setAside.update((list) => withSetAside(list, [{ source: 'proofHistory', reason: 'invalid', value: rejected }], Date.now()));
  });
}

/**
 * The proof feature in the worker: its routes, and `listen()` to call
 * synchronously at worker start (registers the tab/window/alarm listeners,
 * then resumes any flow a previous worker left in storage).
 */
export function createProofWorker(vault: KeyVault, hostsGranted: HostsGranted): { runner: ProofRunner; routes: Routes; listen(): void } {
  const history = workerProofHistory(vault);
  const handoff = new Handoff({ send: tabsKnock, tabExists, newTicket: () => crypto.randomUUID() });
  // Heard only once listen() runs, when the runner exists.
  const tabLoads = tabLoadListener((tabId) => void runner.onTabLoaded(tabId));
  const runner = new ProofRunner({
    store: sessionFlowStore(),
    api: clientProofApi(makeClientFactory(vault, hostsGranted)),
    browser: extensionProofBrowser(handoff, browserPageGranted()),
    sites: siteDecisions(siteLists(vault)),
    settings: async () => {
      const s = await loadSettings();
      return {
        scoreId: s.scoreId,
        minScore: s.minScore,
        proofPageTemplate: s.proofPageTemplate,
        integrationBaseUrl: s.integrationBaseUrl,
        verify: s.verifyBeforeHandOver,
        timeoutMs: s.proofTimeoutMinutes * 60_000,
      };
    },
    hasKey: () => hasApiKey(vault),
    pseudonym: sitePseudonyms(vault),
    history,
    watchdog: alarmWatchdog(),
    tabLoads,
    now: Date.now,
    newId: () => crypto.randomUUID(),
    // A step the flow could not take (a tab or window call the browser refused…): said, so a flow that stalls says why.
    onError: (e) => console.warn('Vantage: a proof flow step failed:', String(e)),
  });
  return {
    runner,
    routes: { ...proofRoutes(runner, handoff), ...historyRoutes(history, Date.now, (ids) => runner.forgetDelivered(ids)) },
    listen() {
      browser.tabs.onRemoved.addListener((tabId) => void runner.onTabRemoved(tabId));
      // On until the runner has read its flows (resume below), so a load that woke this worker is heard.
      tabLoads.listen(true);
      browser.windows.onRemoved.addListener((windowId) => void runner.onWindowRemoved(windowId));
      // A relay's line (lib/proof/extension-line.ts, named EXTENSION_LINE): accepted, and nothing is said on it;
      // its disconnect is the news. No other part of Vantage uses ports.
      browser.runtime.onConnect.addListener(() => undefined);
      browser.runtime.onInstalled.addListener((details) => {
        if (details.reason !== 'update') return;
        void closeLegacyProofPages(details.previousVersion, {
          tabs: () => browser.tabs.query({}),
          closeTab: (tabId) => browser.tabs.remove(tabId),
          proofPageTemplate: async () => (await loadSettings()).proofPageTemplate,
        }).catch((e: unknown) => console.error('Vantage: proof pages left by the previous version stay open:', String(e)));
      });
      browser.alarms.onAlarm.addListener((alarm) => {
        if (alarm.name === WATCHDOG_ALARM) void runner.tick();
      });
      void runner.resume();
      // A proof ages out of the history even when no new one is made; not on the start's path, where a popup's cold
      // open waits for the worker's first fetches (its key read and decryption would compete with theirs).
      setTimeout(() => void history.prune(Date.now()).catch((e: unknown) => console.warn('Vantage: proof history not pruned:', String(e))), PRUNE_AFTER_START_MS);
    },
  };
}

/** How long after a worker start the proof history is pruned (a worker lives at least ~30 s once woken). */
const PRUNE_AFTER_START_MS = 5_000;

export const proofWorker: WorkerFeature = {
  name: 'proof',
  init: ({ vault, hostsGranted }) => createProofWorker(vault, hostsGranted),
};
