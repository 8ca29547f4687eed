import { alertsWorker } from '@/lib/alerts/worker.ts';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { badgeWorker } from '@/lib/badge/worker.ts';
import { buildWorker } from '@/lib/build/worker.ts';
import { cacheWorker } from '@/lib/cache/worker.ts';
import { messagingWorker } from '@/lib/messaging/worker.ts';
import { notifyWorker } from '@/lib/notify/worker.ts';
import { omniboxWorker } from '@/lib/omnibox/worker.ts';
import { proofWorker } from '@/lib/proof/worker.ts';
import { scoreWorker } from '@/lib/score/worker.ts';
import { settingsWorker } from '@/lib/settings/worker.ts';
import { statsWorker } from '@/lib/stats/worker.ts';
import { watchWorker } from '@/lib/watch/worker.ts';

/**
 * Every feature with a worker side, each from its lib/<feature>/worker.ts:
 * the one list, in the composition root (the background entrypoint, ./index.ts),
 * so no lib/ module imports the features it serves. Their listeners are
 * registered in this order; proofs come last, so the flow a stopped worker
 * left in storage resumes once every listener is in place.
 *
 * Its own module, not index.ts: WXT loads the entrypoint in Node to read its
 * options, dropping what only `main` uses; a list there would load every
 * feature (and the i18n module `wxt prepare` has yet to generate) with it.
 */
export const WORKER_FEATURES: readonly WorkerFeature[] = [
  messagingWorker,
  buildWorker,
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
