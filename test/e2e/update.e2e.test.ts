import { describe, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { useWorld } from './scenarios/scenario.ts';
import { sessionKeyScenarios, startUpdateWorld, updateScenarios } from './scenarios/update.ts';

/**
 * The previous release updated to this build in Chromium, as Chromium applies an update (the
 * unpacked folder's files replaced, then runtime.reload()); firefox-update.e2e.test.ts does the same
 * in Firefox. Both builds hold `notifications` granted (driver/notifications-granted.ts says why).
 */
const start = () => startUpdateWorld(launchChromium, { browser: 'chromium', newBuild: EXTENSION_DIR, grantNotifications: true });

describe('update from the previous release in Chromium, key remembered', () => {
  const world = useWorld(start);
  for (const s of updateScenarios) it(s.name, () => s.run(world()));
});

describe('update from the previous release in Chromium, key for the session only', () => {
  const world = useWorld(start);
  for (const s of sessionKeyScenarios) it(s.name, () => s.run(world()));
});
