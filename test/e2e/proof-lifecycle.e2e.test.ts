import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { lifecycleScenarios } from './proof-lifecycle-scenarios.ts';

/** Requests in flight across a reload or update of the extension, and across an idle worker stop, in Chromium. */
lifecycleScenarios(launchChromium, EXTENSION_DIR);
