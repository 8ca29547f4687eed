import { describe, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { useWorld } from './scenarios/scenario.ts';
import { projectsScenarios, startProjectsWorld } from './scenarios/projects.ts';

/** The popup's Projects tab in Firefox ESR (reordering by drag: Chromium's test, projects.e2e.test.ts). */
describe('pinned projects in Firefox', () => {
  const world = useWorld(() => startProjectsWorld(launchFirefox, FIREFOX_EXTENSION_DIR));
  for (const s of projectsScenarios) it(s.name, () => s.run(world()));
});
