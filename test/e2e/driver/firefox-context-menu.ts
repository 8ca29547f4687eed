import type { Page } from 'puppeteer-core';
import type { Bidi } from './firefox-bidi.ts';

/**
 * A real context menu in Firefox: the test selects text and right-clicks it
 * (trusted input), Firefox builds its page menu with the extensions' items
 * (an extension's several items in a submenu of its own, opened first),
 * and the item is chosen in the parent process as a click on it would
 * (XULPopupElement.activateItem fires its command and closes the menu).
 */

const MENU_SHOWN = `() => new Promise((resolve) => {
  const menu = document.getElementById('contentAreaContextMenu');
  menu.addEventListener('popupshown', () => resolve(true), { once: true });
})`;

const ACTIVATE = `async (prefix) => {
  const menu = document.getElementById('contentAreaContextMenu');
  const item = [...menu.querySelectorAll('menuitem')].find((m) => !m.hidden && m.label.startsWith(prefix));
  if (!item) {
    menu.hidePopup();
    return null;
  }
  const popup = item.closest('menupopup');
  if (popup !== menu) {
    // An extension with several items gets a submenu of its own: open it, as hovering it would.
    const shown = new Promise((resolve) => popup.addEventListener('popupshown', resolve, { once: true }));
    popup.parentElement.openMenu(true);
    await shown;
  }
  popup.activateItem(item);
  return item.label;
}`;

/**
 * Selects the text of `selector`, opens the context menu on it and chooses
 * the item whose label starts with `labelPrefix`. Resolves the item's full
 * label; rejects if the menu has no such item.
 */
export async function chooseFromSelectionMenu(bidi: Bidi, page: Page, selector: string, labelPrefix: string): Promise<string> {
  await page.$eval(selector, (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const shown = bidi.inChrome(MENU_SHOWN);
  await page.click(selector, { button: 'right' });
  await shown;
  const label = await bidi.inChrome(ACTIVATE, labelPrefix);
  if (typeof label !== 'string') throw new Error(`The context menu has no item starting with "${labelPrefix}".`);
  return label;
}
