import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { proofScenarios } from './proof-scenarios.ts';

/**
 * Proof generation on dApp sites, in Debian's Chromium, against the sandbox:
 * the shared scenario list (proof-scenarios.ts), driven by playwright-core.
 */
proofScenarios(launchChromium, EXTENSION_DIR);
