import { browser } from 'wxt/browser';

/**
 * Runs `work` when the browser starts with the extension, and when the extension is installed
 * or updated: the moments a browser may have dropped what outlives the worker (alarms, menu
 * items). Not at every wake-up of the worker, which comes with work of its own to do first.
 */
export function onBrowserStartOrInstall(work: () => void): void {
  browser.runtime.onInstalled.addListener(work);
  browser.runtime.onStartup.addListener(work);
}
