import { FIREFOX_EXTENSION_DIR, launchFirefox } from './driver/firefox.ts';
import { sdkContractInBrowser } from './sdk-contract-world.ts';

/** @vantage/sdk's contract suite against the real extension in Firefox ESR (puppeteer-core over WebDriver BiDi). */
sdkContractInBrowser(launchFirefox, FIREFOX_EXTENSION_DIR);
