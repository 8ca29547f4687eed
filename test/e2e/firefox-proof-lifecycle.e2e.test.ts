import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { lifecycleScenarios } from './proof-lifecycle-scenarios.ts';

/** Requests in flight across a reload or update of the add-on, and across an idle event-page stop, in Firefox ESR. */
lifecycleScenarios(launchFirefox, FIREFOX_EXTENSION_DIR);
