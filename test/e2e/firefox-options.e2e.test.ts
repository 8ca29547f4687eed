import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { optionsScenarios, startOptionsWorld } from './scenarios/options.ts';
import { useWorld } from './scenarios/scenario.ts';

describe('options page in Firefox', () => {
  const world = useWorld(() => startOptionsWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of optionsScenarios) it(s.name, () => s.run(world()));
});
