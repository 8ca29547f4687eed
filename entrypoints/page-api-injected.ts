import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { PAGE_SCRIPT_INJECTED_IN } from '@/lib/platform/firefox-manifest.ts';
import { installPageApi } from '@/lib/proof/page-api.ts';

/** Firefox: the main-world `window.vantage`, injected by the relay (lib/platform/page-world.ts; web-accessible). */
export default defineUnlistedScript({
  include: PAGE_SCRIPT_INJECTED_IN,
  globalName: false,
  main() {
    // Firefox starts the new version's relay in open pages after an update: its offer replaces the old relay's line.
    installPageApi(window, { followNewRelay: true });
  },
});
