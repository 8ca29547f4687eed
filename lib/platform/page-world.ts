import { browser, type PublicPath } from 'wxt/browser';
import { PAGE_SCRIPT_FILE } from './firefox-manifest.ts';

/** Adds a script element by URL to the page, and takes it out again once it ran. */
function loadPageScript(src: string): void {
  const script = document.createElement('script');
  script.src = src;
  script.onload = script.onerror = () => script.remove();
  (document.head ?? document.documentElement).append(script);
}

/**
 * Puts `window.vantage` into the page's own world where no main-world content
 * script does (entrypoints/page-api.content.ts). Called by the relay.
 */
export function injectPageWorldScript(): void {
  // compat(firefox-mv2): MV2 has no main-world content scripts: load the same page script as a web-accessible
  // file, by its URL (a page's CSP of script-src 'self' refuses inline text, not an extension's own file).
  // Drop with the Firefox MV2 build (docs/permissions.md says when).
  // The file is the Firefox build's own: the types `wxt prepare` writes for Chromium do not list it
  // (test/unit/platform/page-world-file.test.ts checks the name against its entrypoint).
  if (import.meta.env.FIREFOX) loadPageScript(browser.runtime.getURL(`/${PAGE_SCRIPT_FILE}` as PublicPath));
}
