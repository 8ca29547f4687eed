import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { alertsScenarios, startAlertsWorld } from './scenarios/alerts.ts';
import { useWorld } from './scenarios/scenario.ts';

// The form's permissions.request() is granted by the driver's prefs (no prompt headless), the real request path.
describe('metric alerts in Firefox', () => {
  const world = useWorld(() => startAlertsWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of alertsScenarios) it(s.name, () => s.run(world()), 90_000);
});
