import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { canOpenWindows } from '@/lib/platform/windows.ts';
import type { ScorePagePath } from './menu.ts';

/**
 * The score page opened from the "Check score of …" menu, in a small
 * extension window, reusing the one already open so repeated checks do not
 * pile up windows.
 */

// storage.session: forgotten with the browser session, like the window itself.
const scoreWindowItem = storage.defineItem<number | null>('session:scoreWindowId', { fallback: null });

const WINDOW_SIZE = { width: 420, height: 680 };

export async function openScoreWindow(path: ScorePagePath): Promise<void> {
  const url = browser.runtime.getURL(path);
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
  // Firefox for Android has no windows: a tab does.
  if (!canOpenWindows()) {
    await browser.tabs.create({ url });
    return;
  }
  const win = await browser.windows.create({ url, type: 'popup', ...WINDOW_SIZE });
  await scoreWindowItem.setValue(win?.id ?? null);
}
