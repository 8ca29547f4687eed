import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { createScoreMenu, scoreMenuTarget, type MenuClick, type MenusApi } from './score-menu.ts';

/**
 * Wires the "Check score of …" menu to the browser: creates the item on
 * install and start-up, and opens the answer in a small extension window,
 * reusing the one already open so repeated checks do not pile up windows.
 */

// storage.session: forgotten with the browser session, like the window itself.
const scoreWindowItem = storage.defineItem<number | null>('session:scoreWindowId', { fallback: null });

const WINDOW_SIZE = { width: 420, height: 680 };

export async function openScoreWindow(path: string): Promise<void> {
  const url = browser.runtime.getURL(path as never);
  const known = await scoreWindowItem.getValue();
  if (known !== null) {
    try {
      const win = await browser.windows.get(known, { populate: true });
      const tabId = win?.tabs?.[0]?.id;
      if (tabId !== undefined) {
        await browser.tabs.update(tabId, { url });
        await browser.windows.update(known, { focused: true });
        return;
      }
    } catch {
      // Closed since: open a new one.
    }
  }
  // Firefox for Android has no windows API: a tab does.
  if (!browser.windows?.create) {
    await browser.tabs.create({ url });
    return;
  }
  const win = await browser.windows.create({ url, type: 'popup', ...WINDOW_SIZE });
  await scoreWindowItem.setValue(win?.id ?? null);
}

/** Call synchronously from the background's main, so a click that wakes the worker is heard. */
export function installScoreMenu(): void {
  const menus = browser.contextMenus as unknown as (MenusApi & { onClicked: { addListener(cb: (info: MenuClick) => void): void } }) | undefined;
  if (!menus) return; // Browsers without context menus (Firefox for Android).
  const create = () => {
    createScoreMenu(menus).catch((e: unknown) => console.error('Vantage: could not create the score menu', e));
  };
  // Chrome keeps menu items across restarts; Firefox may not: recreating is harmless.
  browser.runtime.onInstalled.addListener(create);
  browser.runtime.onStartup.addListener(create);
  menus.onClicked.addListener((info) => {
    const path = scoreMenuTarget(info);
    if (path) openScoreWindow(path).catch((e: unknown) => console.error('Vantage: could not open the score window', e));
  });
}
