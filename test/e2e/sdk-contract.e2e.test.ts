import { launchChromium } from './driver/chromium.ts';
import { EXTENSION_DIR } from './harness.ts';
import { sdkContractInBrowser } from './sdk-contract-world.ts';

/** @vantage/sdk's contract suite against the real extension in Debian's Chromium (playwright-core). */
sdkContractInBrowser(launchChromium, EXTENSION_DIR);
