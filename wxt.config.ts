import { defineConfig, type Entrypoint, type EntrypointGroup } from 'wxt';
import type { InlineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { BUILD_ID_GLOBAL, inputPath, inputsDigest } from './lib/build/inputs-digest.ts';
import { dropOtherBrowsersEntrypoints } from './lib/platform/entrypoints-per-browser.ts';
import { firefoxManifest, keywordAndShortcut, optionalPermissions } from './lib/platform/firefox-manifest.ts';
import { LOCAL_HOST_PATTERNS, OPTIONAL_HOST_PATTERNS } from './lib/settings/host-patterns.ts';

/**
 * The popup is built on its own, apart from the other pages: everything it
 * needs before its first paint lands in its one entry script and its one
 * stylesheet, which no other page loads. Extension pages load their files
 * from disk, and each file on the way to the first paint costs far more than
 * its bytes: built with the other pages, the popup waited for its entry, a
 * chunk it shared with them and their stylesheet, which reached it ~9 ms
 * apart in a trace of a cached open (2 cores, `npm run bench:popup`). What
 * it imports later (charts, the other tabs) stays split off. The cost: the
 * package carries the popup's share of common code (Preact, storage) twice.
 */
const popupOnItsOwn = (_wxt: unknown, groups: EntrypointGroup[]) => {
  for (const group of groups) {
    if (!Array.isArray(group)) continue;
    const at = group.findIndex((entry) => entry.type === 'popup');
    if (at < 0 || group.length === 1) continue;
    groups.push(group.splice(at, 1));
    return;
  }
};

/**
 * The build id every page and the worker are built with (lib/build/id.ts): a digest of the build's inputs,
 * less the entrypoints this browser's build skips (its sources zip leaves them out), worked out once the
 * entrypoints are known and defined into each of the build's steps.
 */
let buildId: string | undefined;
const digestInputs = (root: string, entrypoints: readonly Entrypoint[]) => {
  buildId = inputsDigest(root, new Set(entrypoints.filter((e) => e.skipped).map((e) => inputPath(root, e.inputPath))));
};
const defineBuildId = (config: InlineConfig) => {
  config.define = { ...config.define, [BUILD_ID_GLOBAL]: JSON.stringify(buildId ?? inputsDigest(config.root ?? process.cwd())) };
};

// Why each one is asked for: docs/permissions.md.
export default defineConfig({
  // One import style: every WXT API is imported by name from its `wxt/...` module, nothing appears unannounced.
  imports: false,
  // Parallel builds (several e2e runs at once) each get their own output folder.
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  // i18n: messages in locales/<lang>.yml, built into _locales/ with typed keys (docs/i18n.md).
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  zip: {
    // The sources zip is for store reviewers, who rebuild the package from it (docs/releasing.md): the tests,
    // the sandbox and its ~7 MB of zk artifacts, and the dApps' SDK (its own npm package) play no part in a build.
    excludeSources: ['test/**', 'test-results/**', 'coverage/**', 'dist/**', 'tmp/**', 'sdk/**'],
  },
  vite: () => ({ plugins: [preact()] }),
  hooks: {
    'entrypoints:resolved': (wxt, entrypoints) => {
      dropOtherBrowsersEntrypoints(wxt, entrypoints);
      // After the drop: the entrypoints still skipped are the ones the sources zip leaves out.
      digestInputs(wxt.config.root, entrypoints);
    },
    'entrypoints:grouped': popupOnItsOwn,
    'vite:build:extendConfig': (_entrypoints, config) => defineBuildId(config),
    'vite:devServer:extendConfig': defineBuildId,
  },
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
