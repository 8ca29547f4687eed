import { defineContentScript } from 'wxt/utils/define-content-script';
import { installPageApi } from '@/lib/proof/page-api.ts';

/** `window.vantage` in the page's own world (Chromium MV3). Firefox injects page-api.js instead. */
export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_start',
  world: 'MAIN',
  exclude: ['firefox'],
  // No global variable: the only name this script adds to the page is `vantage`.
  globalName: false,
  main() {
    installPageApi(window);
  },
});
