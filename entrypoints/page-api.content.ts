import { defineContentScript } from 'wxt/utils/define-content-script';
import { PAGE_SCRIPT_INJECTED_IN } from '@/lib/platform/firefox-manifest.ts';
import { installPageApi } from '@/lib/proof/page-api.ts';

/**
 * `window.vantage` in the page's own world (Chromium MV3). Where the relay
 * injects page-api-injected.js instead (Firefox), this script is not built.
 */
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_start',
  world: 'MAIN',
  exclude: PAGE_SCRIPT_INJECTED_IN,
  // No global variable: the only name this script adds to the page is `vantage`.
  globalName: false,
  main() {
    installPageApi(window);
  },
});
