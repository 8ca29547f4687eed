import { afterAll, describe, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { buildWithNotificationsGranted } from './driver/notifications-granted.ts';
import { EXTENSION_DIR } from './harness.ts';
import { alertsScenarios, startAlertsWorld } from './scenarios/alerts.ts';
import { useWorld } from './scenarios/scenario.ts';

/** Metric alerts in Chromium, on a build with `notifications` granted (driver/notifications-granted.ts says why). */
describe('metric alerts in Chromium', () => {
  let build: Awaited<ReturnType<typeof buildWithNotificationsGranted>> | undefined;
  const world = useWorld(async () => startAlertsWorld(launchChromium, (build = await buildWithNotificationsGranted(EXTENSION_DIR)).dir));
  afterAll(async () => build?.dispose());
  for (const s of alertsScenarios) it(s.name, () => s.run(world()));
});
