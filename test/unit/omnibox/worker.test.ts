import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { knownProjects, listenToOmnibox, openTarget, recentLookupSource, watchlistSource } from '@/lib/omnibox/worker.ts';
import { statsUiItem, defaultUiState } from '@/lib/stats/ui-state.ts';
import { settingsItem } from '@/lib/settings/store.ts';

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

type Suggest = (s: { content: string; description: string }[]) => void;

/** The omnibox as the browser gives it (fakeBrowser has none): listeners, and the default suggestion last set. */
function fakeOmnibox() {
  const changed: ((text: string, suggest: Suggest) => void)[] = [];
  const entered: ((text: string, disposition: string) => void)[] = [];
  const state = { defaultDescription: '' };
  const api = {
    setDefaultSuggestion: (s: { description: string }) => void (state.defaultDescription = s.description),
    onInputChanged: { addListener: (l: (typeof changed)[number]) => void changed.push(l) },
    onInputEntered: { addListener: (l: (typeof entered)[number]) => void entered.push(l) },
  };
  return {
    api,
    state,
    type: (text: string) =>
      new Promise<{ content: string; description: string }[]>((resolve) => changed.forEach((l) => l(text, resolve))),
    enter: (text: string, disposition: string) => entered.forEach((l) => l(text, disposition)),
  };
}

describe('omnibox worker', () => {
  let omnibox: ReturnType<typeof fakeOmnibox>;
  beforeEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
    omnibox = fakeOmnibox();
    (browser as unknown as { omnibox: unknown }).omnibox = omnibox.api;
    // The fake's windows.create ignores `url`; a real browser opens the window with a tab on it.
    const create = fakeBrowser.windows.create.bind(fakeBrowser.windows);
    vi.spyOn(fakeBrowser.windows, 'create').mockImplementation(async (data) => {
      const win = await create(data);
      await fakeBrowser.tabs.create({ windowId: win.id, url: data?.url as string });
      return win;
    });
  });

  it('suggests from every source and the projects, skipping a source that fails, with the default line first', async () => {
    const broken = { list: vi.fn(async () => Promise.reject(new Error('sealed store unreadable'))) };
    const recent = recentLookupSource({ load: async () => [{ address: ADDR.toLowerCase() as `0x${string}`, scoreId: 'credit-v1', score: 712, at: 1 }] });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    listenToOmnibox({ sources: [broken, recent], projects: async () => ({ pinned: [], recent: ['nebula'] }) });

    const suggested = await omnibox.type('');
    expect(suggested.map((s) => s.content)).toEqual([`${ADDR} credit-v1`, 'nebula']);
    expect(suggested[0]!.description).toBe(`${ADDR}<dim> credit-v1 · score 712</dim>`);
    expect(omnibox.state.defaultDescription).toMatch(/^Type an address 0x…/);
    expect(broken.list).toHaveBeenCalled();

    await omnibox.type('neb');
    expect(omnibox.state.defaultDescription).toBe('Dashboard of project <match>neb</match>');
  });

  it('projects: the pinned ones, and the stats view’s recent ones, else the default from Options', async () => {
    expect(await knownProjects()).toEqual({ pinned: [], recent: [] });
    await settingsItem.setValue({ ...(await settingsItem.getValue()), defaultProject: 'tidal' });
    expect(await knownProjects()).toEqual({ pinned: [], recent: ['tidal'] });
    await statsUiItem.setValue({ ...defaultUiState, recentProjects: ['nebula', 'quartz'] });
    await fakeBrowser.storage.local.set({ pinnedProjects: ['quartz', 'not a project', 'orbit'] });
    expect(await knownProjects()).toEqual({ pinned: ['quartz', 'orbit'], recent: ['nebula', 'quartz'] });
  });

  it('suggests the pinned projects before addresses and recent projects', async () => {
    const recent = recentLookupSource({ load: async () => [{ address: ADDR.toLowerCase() as `0x${string}`, scoreId: 'credit-v1', score: 712, at: 1 }] });
    await statsUiItem.setValue({ ...defaultUiState, recentProjects: ['nebula', 'quartz'] });
    await fakeBrowser.storage.local.set({ pinnedProjects: ['quartz', 'tidal'] });
    listenToOmnibox({ sources: [recent], projects: knownProjects });
    const suggested = await omnibox.type('');
    expect(suggested.map((s) => s.content)).toEqual(['quartz', 'tidal', `${ADDR} credit-v1`, 'nebula']);
    expect(suggested[0]!.description).toBe('Dashboard of pinned project quartz');
  });

  it('Enter opens an address in the current tab; Alt+Enter in the score window, reused', async () => {
    // tabs.update without a tab id navigates the current tab, where the user typed (the fake cannot tell which
    // that is; the Chromium e2e test shows it).
    const update = vi.spyOn(fakeBrowser.tabs, 'update').mockResolvedValue({} as never);
    listenToOmnibox({ sources: [], projects: async () => ({ pinned: [], recent: [] }) });
    omnibox.enter(`${ADDR.toLowerCase()} activity`, 'currentTab');
    const url = `chrome-extension://${fakeBrowser.runtime.id}/score.html?address=${ADDR}&model=activity`;
    await expect.poll(() => update.mock.calls).toEqual([[{ url }]]);
    update.mockRestore();

    await openTarget({ page: 'score', path: `/score.html?address=${ADDR}` }, 'newForegroundTab');
    await openTarget({ page: 'score', path: '/score.html' }, 'newForegroundTab');
    const popups = (await fakeBrowser.windows.getAll({ populate: true })).filter((w) => w.type === 'popup');
    expect(popups).toHaveLength(1);
    expect(popups[0]!.tabs![0]!.url).toMatch(/\/score\.html$/);
  });

  it('a project opens the dashboard on it: in this tab, a new tab, or a background tab', async () => {
    const update = vi.spyOn(fakeBrowser.tabs, 'update').mockResolvedValue({} as never);
    listenToOmnibox({ sources: [], projects: async () => ({ pinned: [], recent: [] }) });
    const url = `chrome-extension://${fakeBrowser.runtime.id}/dashboard.html#project=nebula`;
    omnibox.enter('nebula', 'currentTab');
    await expect.poll(() => update.mock.calls).toEqual([[{ url }]]);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    omnibox.enter('nebula', 'newForegroundTab');
    omnibox.enter('nebula', 'newBackgroundTab');
    await expect.poll(() => create.mock.calls.map((c) => c[0])).toEqual([{ url }, { url, active: false }]);
  });
});

describe('the watchlist as a suggestion source', () => {
  it('offers each watched address with its model, latest score and band', async () => {
    const source = watchlistSource(async () => [
      { address: ADDR, model: 'credit-v1', score: 712, band: 'Good' },
      { address: ADDR, model: 'credit-lite', score: null, band: null },
    ]);
    expect(await source.list()).toEqual([
      { address: ADDR, model: 'credit-v1', label: 'watched · score 712 Good' },
      { address: ADDR, model: 'credit-lite', label: 'watched' },
    ]);
  });
});
