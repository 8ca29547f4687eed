import { browser } from 'wxt/browser';
import { createMessageListener, type Routes } from '@/lib/messaging/router.ts';
import { isRequestEnvelope } from '@/lib/messaging/protocol.ts';
import { storageSettled } from '@/lib/settings/storage-gate.ts';
import type { FeatureWiring, WorkerDeps, WorkerFeature } from './feature.ts';

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
 * sees it. The features come from the composition root
 * (entrypoints/background/features.ts), which lists them; nothing here knows them.
 * Messages are handled once storage is migrated (the gate the worker's entry
 * holds, lib/storage/prepare.ts); the stored items wait too.
 */
export function startWorker(features: readonly WorkerFeature[], deps: WorkerDeps): void {
  const { routes, wirings } = composeWorker(features, deps);
  const listener = createMessageListener(routes, browser.runtime.id, new URL(browser.runtime.getURL('/')).origin, deps.build);
  browser.runtime.onMessage.addListener((message: unknown, sender: Parameters<typeof listener>[1]) =>
    isRequestEnvelope(message) ? storageSettled().then(() => listener(message, sender)!) : undefined);
  for (const w of wirings) w.listen?.();
}
