import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { installPageApi } from '@/lib/proof/page-api.ts';

/** Firefox: the main-world `window.vantage`, injected by the content script (web-accessible). */
export default defineUnlistedScript({
  include: ['firefox'],
  globalName: false,
  main() {
    installPageApi(window);
  },
});
