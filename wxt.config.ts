import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import type { ManualChunksOption, Plugin } from 'rollup';
import { firefoxManifest, keywordAndShortcut, optionalPermissions } from './lib/platform/firefox-manifest.ts';
import { LOCAL_HOST_PATTERNS, OPTIONAL_HOST_PATTERNS } from './lib/settings/host-patterns.ts';

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

// See README "Permissions" for why each one is asked for.
export default defineConfig({
  // One import style: every WXT API is imported by name from its `wxt/...` module, nothing appears unannounced.
  imports: false,
  // Parallel builds (several e2e runs at once) each get their own output folder.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  // i18n: messages in locales/<lang>.yml, built into _locales/ with typed keys (docs/i18n.md).
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  zip: {
    // The sources zip is for store reviewers, who rebuild the package from it (README "Store packages"):
    // the tests, the sandbox and its ~7 MB of zk artifacts play no part in a build.
    excludeSources: ['test/**', 'test-results/**', 'coverage/**', 'dist/**', 'tmp/**'],
  },
  vite: () => ({ plugins: [preact(), popupInOneFile] }),
  manifest: ({ browser, manifestVersion }) => ({
    // The brand is not translated, and the worker reports `getManifest().name` (Chromium would give the raw __MSG_ token).
    name: 'Vantage',
    description: '__MSG_manifest_summary__',
    default_locale: 'en',
    permissions: ['storage', 'alarms', 'contextMenus'],
    // The local sandbox is granted up front; any other service origin is asked for at save time,
    // and `notifications` when the user first creates an alert or clicks "Watch" (docs/permissions.md).
    host_permissions: LOCAL_HOST_PATTERNS,
    // Browser differences live in lib/platform/ (this one file, because it loads before the `@/` alias).
    ...optionalPermissions(manifestVersion, OPTIONAL_HOST_PATTERNS, ['notifications']),
    // `vt 0x…` in the address bar, and a key for the popup (README); no permission needed for either.
    ...keywordAndShortcut(manifestVersion),
    ...(browser === 'firefox' ? firefoxManifest(manifestVersion) : {}),
  }),
});
