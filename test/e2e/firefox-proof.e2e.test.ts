import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { proofScenarios } from './proof-scenarios.ts';

/**
 * Proof generation on dApp sites, in Firefox ESR driven by puppeteer-core over
 * WebDriver BiDi: the same scenario list as Chromium's (proof-scenarios.ts).
 */
proofScenarios(launchFirefox, FIREFOX_EXTENSION_DIR);
