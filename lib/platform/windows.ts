import { browser } from 'wxt/browser';

/** Whether the browser can open windows of its own (Firefox for Android has tabs only). */
export function canOpenWindows(): boolean {
  // The types declare windows always present; Firefox for Android leaves it out.
  const windows: typeof browser.windows | undefined = browser.windows;
  return typeof windows?.create === 'function';
}

/**
 * The id of the normal browser window the user last looked at (the toolbar
 * popup is no window of its own), or undefined when that is no normal window.
 */
export async function lastFocusedNormalWindow(): Promise<number | undefined> {
  const last = await browser.windows.getLastFocused({ windowTypes: ['normal'] }).catch(() => undefined);
  // compat(firefox): Firefox ignores windowTypes (deprecated there since 62) and may answer a popup-type
  // window; Chromium applies it. Drop this type check if Firefox ever applies the filter.
  return last?.type === 'normal' ? last.id : undefined;
}
