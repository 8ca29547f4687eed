import type { SelectionMenus } from '@/lib/platform/menus.ts';
import { t } from '@/lib/i18n/index.ts';
import { findAddress } from './address.ts';

/**
 * "Check score of …" on selected text. Chrome cannot filter a menu item by
 * what the selection contains, and retitling it on selectionchange would need
 * a content script racing the menu; so there is one item for every selection,
 * its title showing the selection (%s), and the click finds the first address
 * in it. The answer opens in an extension window, never in the page.
 */

export const SCORE_MENU_ID = 'vantage-check-score';
/** "Watch score of …", beside it; its clicks are the watchlist's (lib/watch/worker.ts). */
export const WATCH_MENU_ID = 'vantage-watch-score';
export const SCORE_PAGE = '/score.html' as const;

/** The slice of the contextMenus API used here (the fake browser has none). */
export type MenusApi = Pick<SelectionMenus, 'removeAll' | 'create'>;

export type MenuClick = Parameters<Parameters<SelectionMenus['onClicked']['addListener']>[0]>[0];

/** The score page to open, with its query (none: an empty form). */
export type ScorePagePath = typeof SCORE_PAGE | `${typeof SCORE_PAGE}?${string}`;

/** (Re)creates the items: removeAll first, so a second call never hits "duplicate id". */
export async function createScoreMenu(menus: MenusApi): Promise<void> {
  await menus.removeAll();
  menus.create({ id: SCORE_MENU_ID, title: t('menu.checkScore'), contexts: ['selection'] });
  menus.create({ id: WATCH_MENU_ID, title: t('menu.watchScore'), contexts: ['selection'] });
}

/**
 * The score page for a selection: with the first address in it, or marked
 * as holding none. Only the address travels, never the rest of the text.
 */
export function scorePagePath(selection: string | undefined, scoreId?: string): ScorePagePath {
  const found = findAddress(selection ?? '');
  return found ? scorePageFor(found.checksummed, scoreId) : `${SCORE_PAGE}?noAddress=1`;
}

/**
 * The score page looking up `address` (as typed: the page checks it and says
 * what is wrong), with `scoreId` or the model chosen in Options.
 */
export function scorePageFor(address: string, scoreId?: string): ScorePagePath {
  const q = new URLSearchParams({ address });
  if (scoreId) q.set('model', scoreId);
  // Checksummed addresses stay readable; URLSearchParams encodes nothing in them.
  return `${SCORE_PAGE}?${q.toString()}`;
}

/** The page path to open for a click on our item, or null for other items. */
export function scoreMenuTarget(click: MenuClick): ScorePagePath | null {
  return click.menuItemId === SCORE_MENU_ID ? scorePagePath(click.selectionText) : null;
}
