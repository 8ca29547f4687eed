import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { alertsScenarios, startAlertsWorld } from './scenarios/alerts.ts';
import { useWorld } from './scenarios/scenario.ts';

// The build as shipped: the form's permissions.request() for `notifications` is the real one (the driver's prefs grant it without a prompt).
describe('metric alerts in Firefox', () => {
  const world = useWorld(() => startAlertsWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of alertsScenarios) it(s.name, () => s.run(world()));
});
