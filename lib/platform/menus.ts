import { browser } from 'wxt/browser';

/** What the extension's context menu items need (lib/score/menu.ts), typed for every browser that has menus. */
export interface SelectionMenus {
  removeAll(): Promise<void>;
  create(props: { id: string; title: string; contexts: ['selection'] }): unknown;
  onClicked: { addListener(cb: (info: { menuItemId: string | number; selectionText?: string }) => void): void };
}

/** The context-menu API, or undefined where the browser has none (Firefox for Android). */
export function selectionMenus(): SelectionMenus | undefined {
  // The types declare contextMenus always present; Firefox for Android leaves it out.
  const menus: typeof browser.contextMenus | undefined = browser.contextMenus;
  return menus;
}
