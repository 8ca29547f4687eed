import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { useWorld } from './scenarios/scenario.ts';
import { startWatchWorld, watchScenarios } from './scenarios/watch.ts';

/** The watchlist in Firefox, the build as shipped: "Watch" asks for `notifications` for real (granted without a prompt by the driver's prefs). */
describe('address watchlist in Firefox', () => {
  const world = useWorld(() => startWatchWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of watchScenarios) it(s.name, () => s.run(world()));
});
