import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { headlineChangeScenarios, startChangesWorld } from './scenarios/headline-changes.ts';
import { useWorld } from './scenarios/scenario.ts';

describe('headline changes in Firefox', () => {
  const world = useWorld(() => startChangesWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of headlineChangeScenarios) it(s.name, () => s.run(world()));
});
