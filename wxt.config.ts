import { defineConfig, type UserManifest } from 'wxt';
import preact from '@preact/preset-vite';
import type { ManualChunksOption, Plugin } from 'rollup';
import { LOCAL_HOST_PATTERNS, OPTIONAL_HOST_PATTERNS } from './lib/settings/schema.ts';

/**
 * Every module the popup needs before its first paint goes into one chunk.
 * Extension pages load from disk, and each extra file costs far more than its
 * bytes: six small chunks took ~30 ms longer to run than one file of the same
 * code (2 cores, see `npm run bench:popup`). What the popup imports later
 * (charts, the other tabs) stays split off. Entrypoint modules stay out: they
 * render their page, and other pages load this chunk too.
 */
const firstPaintModules = new WeakMap<object, Set<string>>();
const popupFirstPaintChunk: ManualChunksOption = (id, { getModuleInfo, getModuleIds }) => {
  if (/\/entrypoints\//.test(id)) return undefined;
  // Walked once per build (Rollup hands every call of a build the same getModuleInfo), not once per module.
  let needed = firstPaintModules.get(getModuleInfo);
  if (!needed) {
    const html = [...getModuleIds()].find((m) => /entrypoints\/popup\/index\.html$/.test(m));
    needed = new Set(html ? [html] : []);
    for (const m of needed) for (const dep of getModuleInfo(m)?.importedIds ?? []) needed.add(dep);
    firstPaintModules.set(getModuleInfo, needed);
  }
  return needed.has(id) ? 'popup-first-paint' : undefined;
};

/** Applies it to the pages' build only: scripts (background, content) are single files already. */
const popupInOneFile: Plugin = {
  name: 'vantage:popup-in-one-file',
  outputOptions: (output) => (output.inlineDynamicImports ? null : { ...output, manualChunks: popupFirstPaintChunk }),
};

/**
 * What Firefox shows at install under "data collection": what leaves the
 * browser, and to whom (docs/permissions.md, "Data Firefox asks about").
 * The API key goes to the service the user configured (authenticationInfo);
 * wallet addresses looked up and wallet scores, shared with sites as proofs,
 * are credit ratings (financialAndPaymentInfo); a site's web2Id for the user,
 * such as an e-mail address, goes to the service (personallyIdentifyingInfo).
 * Without them Vantage does nothing, so they are required, not optional.
 */
const FIREFOX_DATA_COLLECTION = { required: ['authenticationInfo', 'financialAndPaymentInfo', 'personallyIdentifyingInfo'] };

/**
 * Firefox's MV2 build: WXT drops `optional_host_permissions` from MV2 manifests
 * and writes nothing in its place, so the ceiling goes in `optional_permissions`,
 * where MV2 keeps host patterns. (Why MV2 for Firefox: docs/permissions.md.)
 */
function optionalHosts(manifestVersion: 2 | 3): UserManifest {
  return manifestVersion === 2
    ? { optional_permissions: OPTIONAL_HOST_PATTERNS as never }
    : { optional_host_permissions: OPTIONAL_HOST_PATTERNS };
}

/**
 * Firefox has no main-world content script here: the relay injects
 * window.vantage from this file, so pages may load it (docs/page-api.md).
 */
const FIREFOX_PAGE_SCRIPT = 'page-api-injected.js';

function firefoxSettings(manifestVersion: 2 | 3): UserManifest {
  return {
    web_accessible_resources: manifestVersion === 2
      ? [FIREFOX_PAGE_SCRIPT] as never
      : [{ resources: [FIREFOX_PAGE_SCRIPT], matches: ['http://*/*', 'https://*/*'] }],
    browser_specific_settings: {
      // data_collection_permissions is newer than WXT's manifest types.
      // 140: the first Firefox (and ESR) with the data-collection consent; it also has storage.session and sender.origin.
      gecko: { id: 'vantage@vantage.example', strict_min_version: '140.0', data_collection_permissions: FIREFOX_DATA_COLLECTION } as never,
      // Firefox for Android shows the data-collection consent from 142 on.
      gecko_android: { strict_min_version: '142.0' },
    },
  };
}

// See README "Permissions" for why each one is asked for.
export default defineConfig({
  // One import style: every WXT API is imported by name from its `wxt/...` module, nothing appears unannounced.
  imports: false,
  // Parallel builds (several e2e runs at once) each get their own output folder.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  modules: ['@wxt-dev/webextension-polyfill'],
  zip: {
    // The sources zip is for store reviewers, who rebuild the package from it (README "Store packages"):
    // the tests, the sandbox and its ~7 MB of zk artifacts play no part in a build.
    excludeSources: ['test/**', 'test-results/**', 'coverage/**', 'dist/**', 'tmp/**'],
  },
  vite: () => ({ plugins: [preact(), popupInOneFile] }),
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Vantage',
    description: 'Project stats and zero-knowledge score proofs from your toolbar.',
    permissions: ['storage', 'alarms', 'contextMenus'],
    // The local sandbox is granted up front; any other service origin is asked for at save time.
    host_permissions: LOCAL_HOST_PATTERNS,
    ...optionalHosts(manifestVersion),
    ...(browser === 'firefox' ? firefoxSettings(manifestVersion) : {}),
  }),
});
