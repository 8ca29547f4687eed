/**
 * For wxt.config.ts (loaded before the `@/` alias exists: type imports only, from packages).
 */
import type { Entrypoint } from 'wxt';

/**
 * `window.vantage` reaches a page by one of two entrypoints, one per browser (their `include`/`exclude`):
 * a main-world content script in Chromium (page-api.content.ts), a web-accessible script the relay injects
 * in Firefox MV2 (page-api-injected.ts). WXT reports the other browser's one as "skipped" on every build and
 * `wxt prepare`, a warning nobody can act on: this `entrypoints:resolved` hook takes such entrypoints off the
 * list before it is reported. One skipped for any other reason (both lists set, a mistake) stays, and WXT
 * still warns about it.
 */
export function dropOtherBrowsersEntrypoints(_wxt: unknown, entrypoints: Entrypoint[]): void {
  const forAnotherBrowser = (e: Entrypoint) => e.skipped && Boolean(e.options.include?.length) !== Boolean(e.options.exclude?.length);
  for (let i = entrypoints.length - 1; i >= 0; i--) if (forAnotherBrowser(entrypoints[i]!)) entrypoints.splice(i, 1);
}
