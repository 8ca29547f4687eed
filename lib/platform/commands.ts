import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/index.ts';
import { popupCommandName } from './firefox-manifest.ts';

/** The keyboard shortcut that opens the popup, and where the user changes it. */

export interface PopupShortcut {
  /** As the browser shows it (`Alt+Shift+V`, `⌥⇧V`), or '' when none is set (taken by another extension, or removed). */
  readonly shortcut: string;
}

/** The command that opens the popup in this build (lib/platform/firefox-manifest.ts). */
const POPUP_COMMAND = popupCommandName(import.meta.env.MANIFEST_VERSION);

/** The popup's shortcut as the browser has it now, or null where the browser has no commands (Firefox for Android). */
export async function popupShortcut(): Promise<PopupShortcut | null> {
  // The types declare commands always present; Firefox for Android leaves it out.
  const commands: typeof browser.commands | undefined = browser.commands;
  if (!commands) return null;
  const all = await commands.getAll();
  return { shortcut: all.find((c) => c.name === POPUP_COMMAND)?.shortcut ?? '' };
}

/** How to reach the browser's shortcut settings, in the user's language. */
export function shortcutSettingsHint(): string {
  return import.meta.env.FIREFOX ? t('options.keyboard.howFirefox') : t('options.keyboard.howChromium');
}

/**
 * Opens the browser's shortcut settings. compat(firefox): Firefox has commands.openShortcutSettings
 * (137+); Chromium has none, but an extension may open chrome://extensions/shortcuts in a tab.
 */
export async function openShortcutSettings(): Promise<void> {
  if (import.meta.env.FIREFOX) {
    const commands = browser.commands as typeof browser.commands & { openShortcutSettings?: () => Promise<void> };
    await commands.openShortcutSettings?.();
    return;
  }
  await browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
}
