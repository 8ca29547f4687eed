import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { describeUpdateSuites, startUpdateWorld } from './scenarios/update.ts';

/**
 * The previous release updated to this build in Chromium, as Chromium applies an update (the
 * unpacked folder's files replaced, then runtime.reload()); firefox-update.e2e.test.ts does the same
 * in Firefox. Both builds hold `notifications` granted (driver/notifications-granted.ts says why).
 */
describeUpdateSuites('Chromium', () => startUpdateWorld(launchChromium, { browser: 'chromium', newBuild: EXTENSION_DIR, grantNotifications: true }));
