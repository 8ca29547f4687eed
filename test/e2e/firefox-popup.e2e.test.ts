import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { popupStatsScenarios, startPopupWorld } from './scenarios/popup-stats.ts';
import { useWorld } from './scenarios/scenario.ts';

describe('popup stats in Firefox', () => {
  const world = useWorld(() => startPopupWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of popupStatsScenarios) it(s.name, () => s.run(world()));
});
