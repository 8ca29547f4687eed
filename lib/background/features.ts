import { browser } from 'wxt/browser';
import { alertsWorker } from '@/lib/alerts/worker.ts';
import { badgeWorker } from '@/lib/badge/worker.ts';
import { cacheWorker } from '@/lib/cache/worker.ts';
import { createMessageListener, type Routes } from '@/lib/messaging/router.ts';
import { isRequestEnvelope } from '@/lib/messaging/protocol.ts';
import { messagingWorker } from '@/lib/messaging/worker.ts';
import { omniboxWorker } from '@/lib/omnibox/worker.ts';
import { notifyWorker } from '@/lib/notify/worker.ts';
import { proofWorker } from '@/lib/proof/worker.ts';
import { scoreWorker } from '@/lib/score/worker.ts';
import { storageSettled } from '@/lib/settings/storage-gate.ts';
import { settingsWorker } from '@/lib/settings/worker.ts';
import { statsWorker } from '@/lib/stats/worker.ts';
import { watchWorker } from '@/lib/watch/worker.ts';
import type { FeatureWiring, WorkerDeps, WorkerFeature } from './feature.ts';

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

/** The features made from the deps, their routes in one table; throws when two features claim one message. */
export function composeWorker(features: readonly WorkerFeature[], deps: WorkerDeps): { routes: Routes; wirings: FeatureWiring[] } {
  const routes: Record<string, unknown> = {};
  const wirings = features.map((f) => f.init(deps));
  wirings.forEach((w, i) => {
    for (const [type, route] of Object.entries(w.routes ?? {})) {
      if (Object.hasOwn(routes, type)) throw new Error(`Vantage: message "${type}" is routed twice (feature ${features[i]!.name}).`);
      routes[type] = route;
    }
  });
  return { routes: routes as Routes, wirings };
}

/**
 * Starts the worker: one message listener over every feature's routes, then
 * each feature's listeners, all synchronously, so a worker woken by an event
 * sees it. Messages are handled once storage is migrated (the gate the
 * worker's entry holds, lib/storage/prepare.ts); the stored items wait too.
 */
export function startWorker(features: readonly WorkerFeature[], deps: WorkerDeps): void {
  const { routes, wirings } = composeWorker(features, deps);
  const listener = createMessageListener(routes, browser.runtime.id, new URL(browser.runtime.getURL('/')).origin);
  browser.runtime.onMessage.addListener((message: unknown, sender: Parameters<typeof listener>[1]) =>
    isRequestEnvelope(message) ? storageSettled().then(() => listener(message, sender)!) : undefined);
  for (const w of wirings) w.listen?.();
}
