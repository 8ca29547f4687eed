import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { describeUpdateSuites, startUpdateWorld } from './scenarios/update.ts';

/**
 * The previous release updated to this build in Firefox: the same add-on id installed again with
 * a higher version is an update. "Watch" and "Alert me…" ask for `notifications` for real (granted
 * without a prompt by the driver's prefs).
 */
describeUpdateSuites('Firefox', () => startUpdateWorld(launchFirefox, { browser: 'firefox', newBuild: FIREFOX_EXTENSION_DIR }));
