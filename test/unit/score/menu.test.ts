import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createScoreMenu, SCORE_MENU_ID, scoreMenuTarget, scorePagePath, WATCH_MENU_ID, type MenusApi } from '@/lib/score/menu.ts';
import { openScoreWindow } from '@/lib/score/score-window.ts';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('score menu item', () => {
  it('is two selection items, check and watch, titled with the selection, recreated without duplicates', async () => {
    const items = new Map<string, unknown>();
    const menus: MenusApi = {
      removeAll: async () => items.clear(),
      create: (p) => {
        if (items.has(p.id)) throw new Error('duplicate id');
        items.set(p.id, p);
      },
    };
    await createScoreMenu(menus);
    await createScoreMenu(menus);
    expect([...items.values()]).toEqual([
      { id: SCORE_MENU_ID, title: 'Check score of %s', contexts: ['selection'] },
      { id: WATCH_MENU_ID, title: 'Watch score of %s', contexts: ['selection'] },
    ]);
  });

  it('opens the score page with only the first address of the selection', () => {
    expect(scorePagePath(`paid by ${ADDR.toLowerCase()} yesterday`)).toBe(`/score.html?address=${ADDR}`);
    expect(scoreMenuTarget({ menuItemId: SCORE_MENU_ID, selectionText: `x ${ADDR} y` })).toBe(`/score.html?address=${ADDR}`);
    expect(scorePagePath(ADDR, 'credit lite')).toBe(`/score.html?address=${ADDR}&model=credit+lite`);
    expect(scoreMenuTarget({ menuItemId: WATCH_MENU_ID, selectionText: ADDR })).toBeNull();
  });

  it('says when the selection holds no address, and ignores other items', () => {
    expect(scorePagePath('hello 0x1234')).toBe('/score.html?noAddress=1');
    expect(scorePagePath(undefined)).toBe('/score.html?noAddress=1');
    expect(scoreMenuTarget({ menuItemId: 'other', selectionText: ADDR })).toBeNull();
  });
});

describe('openScoreWindow', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
    // The fake's windows.create ignores `url`; a real browser opens the window with a tab on it.
    const create = fakeBrowser.windows.create.bind(fakeBrowser.windows);
    vi.spyOn(fakeBrowser.windows, 'create').mockImplementation(async (data) => {
      const win = await create(data);
      await fakeBrowser.tabs.create({ windowId: win.id, url: data?.url as string });
      return win;
    });
  });

  const scoreWindows = async () => (await fakeBrowser.windows.getAll({ populate: true })).filter((w) => w.type === 'popup');

  it('opens one extension window and reuses it for the next check', async () => {
    await openScoreWindow(`/score.html?address=${ADDR}`);
    const [first] = await scoreWindows();
    expect(first).toMatchObject({ width: 420, height: 680 });
    expect(first?.tabs?.[0]?.url).toBe(`chrome-extension://${fakeBrowser.runtime.id}/score.html?address=${ADDR}`);
    await openScoreWindow('/score.html?noAddress=1');
    const all = await scoreWindows();
    expect(all).toHaveLength(1);
    expect(all[0]?.tabs?.[0]?.url).toMatch(/score\.html\?noAddress=1$/);
  });

  it('opens a new window when the last one was closed', async () => {
    await openScoreWindow('/score.html?noAddress=1');
    const [w] = await scoreWindows();
    await fakeBrowser.windows.remove(w!.id!);
    await openScoreWindow(`/score.html?address=${ADDR}`);
    const now = await scoreWindows();
    expect(now).toHaveLength(1);
    expect(now[0]?.tabs?.[0]?.url).toMatch(/address=0x/);
  });
});
