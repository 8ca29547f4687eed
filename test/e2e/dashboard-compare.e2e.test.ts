import { describe, it } from 'vitest';
import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { compareScenarios, startCompareWorld } from './scenarios/dashboard-compare.ts';
import { useWorld } from './scenarios/scenario.ts';

describe('dashboard comparison in Chromium', () => {
  const world = useWorld(() => startCompareWorld(launchChromium, EXTENSION_DIR));
  for (const s of compareScenarios) it(s.name, () => s.run(world()));
});
