import { afterAll, describe, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { buildWithNotificationsGranted } from './driver/notifications-granted.ts';
import { EXTENSION_DIR } from './harness.ts';
import { useWorld } from './scenarios/scenario.ts';
import { startWatchWorld, watchScenarios } from './scenarios/watch.ts';

/**
 * The watchlist in Chromium, on a build with `notifications` granted
 * (driver/notifications-granted.ts says why); firefox-watch.e2e.test.ts runs
 * the real optional request.
 */
describe('address watchlist in Chromium', () => {
  let build: Awaited<ReturnType<typeof buildWithNotificationsGranted>> | undefined;
  const world = useWorld(async () => startWatchWorld(launchChromium, (build = await buildWithNotificationsGranted(EXTENSION_DIR)).dir));
  afterAll(async () => build?.dispose());
  for (const s of watchScenarios) it(s.name, () => s.run(world()));
});
