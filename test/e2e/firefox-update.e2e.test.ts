import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { useWorld } from './scenarios/scenario.ts';
import { sessionKeyScenarios, startUpdateWorld, updateScenarios } from './scenarios/update.ts';

/**
 * The previous release updated to this build in Firefox: the same add-on id installed again with
 * a higher version is an update. "Watch" and "Alert me…" ask for `notifications` for real (granted
 * without a prompt by the driver's prefs).
 */
const start = () => startUpdateWorld(launchFirefox, { browser: 'firefox', newBuild: FIREFOX_EXTENSION_DIR });

describe('update from the previous release in Firefox, key remembered', () => {
  const world = useWorld(start);
  for (const s of updateScenarios) it(s.name, () => s.run(world()));
});

describe('update from the previous release in Firefox, key for the session only', () => {
  const world = useWorld(start);
  for (const s of sessionKeyScenarios) it(s.name, () => s.run(world()));
});
