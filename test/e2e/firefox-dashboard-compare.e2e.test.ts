import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { compareScenarios, startCompareWorld } from './scenarios/dashboard-compare.ts';
import { useWorld } from './scenarios/scenario.ts';

describe('dashboard comparison in Firefox', () => {
  const world = useWorld(() => startCompareWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of compareScenarios) it(s.name, () => s.run(world()));
});
