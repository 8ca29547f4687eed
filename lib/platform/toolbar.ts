import { browser } from 'wxt/browser';

/** The toolbar button's badge and tooltip: what the badge (lib/badge/worker.ts) drives. */
export interface ToolbarButton {
  setBadgeText(details: { text: string }): Promise<void>;
  setTitle(details: { title: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
}

/** The extension's toolbar button, in either browser. */
export function toolbarButton(): ToolbarButton {
  // compat(firefox-mv2): an MV2 manifest names the button browser_action, and the API browserAction (the
  // polyfill makes its calls return promises). Drop with the Firefox MV2 build (docs/permissions.md says when).
  // The types declare `action` always present; in the Firefox build it is not.
  return browser.action ?? browser.browserAction;
}

/**
 * Opens the toolbar popup, where the browser lets an extension do so unasked (Chromium 127+, with a
 * window to open it in); rejects where it does not (Firefox wants a user action).
 */
export async function openToolbarPopup(): Promise<void> {
  const button = toolbarButton() as ToolbarButton & { openPopup?: () => Promise<void> };
  if (!button.openPopup) throw new Error('This browser cannot open the popup from the extension.');
  await button.openPopup();
}
