import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { PAGE_SCRIPT_INJECTED_IN } from '@/lib/platform/firefox-manifest.ts';
import { installPageApi } from '@/lib/proof/page-api.ts';

/** Firefox: the main-world `window.vantage`, injected by the relay (lib/platform/page-world.ts; web-accessible). */
export default defineUnlistedScript({
  include: PAGE_SCRIPT_INJECTED_IN,
  globalName: false,
  main() {
    installPageApi(window);
  },
});
