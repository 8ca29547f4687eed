import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CONSENT_WINDOW, extensionProofBrowser, tabExists, tabsKnock } from '@/lib/proof/browser-ports.ts';
import { Handoff } from '@/lib/proof/handoff.ts';
import type { Delivery, Knock } from '@/lib/proof/relay.ts';

const DELIVERY: Delivery = { channel: 'vantage/v1', type: 'proof.deliver', flowId: 'f', source: 'page', outcome: { ok: false, error: { code: 4001, message: 'no' } } };
const KNOCK: Knock = { channel: 'vantage/v1', type: 'proof.knock', ticket: 't1', origin: 'https://dapp.example' };

// fakeBrowser has no tabs.sendMessage: the adapter's one call to it is stubbed here.
type WithSend = typeof fakeBrowser.tabs & { sendMessage?: (...a: unknown[]) => Promise<unknown> };

describe('extensionProofBrowser', () => {
  let granted = true;
  const ports = extensionProofBrowser(new Handoff({ send: tabsKnock, tabExists, newTicket: () => 't1' }), async () => granted);
  let send: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fakeBrowser.reset();
    send = vi.fn(async () => 'taken');
    granted = true;
    (fakeBrowser.tabs as WithSend).sendMessage = send as never;
  });

  it('knocks on the very document when the browser named it, else on the tab\'s top frame', async () => {
    await tabsKnock({ tabId: 7, documentId: 'D1' }, KNOCK);
    expect(send).toHaveBeenLastCalledWith(7, KNOCK, { documentId: 'D1' });
    await tabsKnock({ tabId: 7 }, KNOCK);
    expect(send).toHaveBeenLastCalledWith(7, KNOCK, { frameId: 0 });
  });

  it('tells a closed tab from one without a receiver, without reading any URL', async () => {
    send.mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    expect(await ports.deliver({ tabId: 4242, origin: 'https://dapp.example' }, DELIVERY)).toBe('tab-gone');
    const tab = await fakeBrowser.tabs.create({ url: 'https://dapp.example/' });
    expect(await ports.deliver({ tabId: tab.id!, origin: 'https://dapp.example', documentId: 'D1' }, DELIVERY)).toBe('no-receiver');
    // The gone document was tried first, then the tab's top frame (a same-origin reload may be there).
    expect(send.mock.calls.slice(-2).map((c) => c[2])).toEqual([{ documentId: 'D1' }, { frameId: 0 }]);
  });

  it('closing a tab or window that is already gone is no failure; one the browser refused to close is', async () => {
    const gone = new Error('No tab with id: 5.');
    vi.spyOn(fakeBrowser.tabs, 'remove').mockRejectedValue(gone);
    vi.spyOn(fakeBrowser.windows, 'remove').mockRejectedValue(gone);
    await expect(ports.closeTab(5)).resolves.toBeUndefined();
    await expect(ports.closeWindow(6)).resolves.toBeUndefined();
    const tab = await fakeBrowser.tabs.create({ url: 'https://svc.example/proof/s' });
    const win = await fakeBrowser.windows.create({ type: 'popup' });
    await expect(ports.closeTab(tab.id!)).rejects.toBe(gone);
    await expect(ports.closeWindow(win.id!)).rejects.toBe(gone);
  });

  it('picks the active tab of the last focused browser window, not of a popup-type window', async () => {
    const normal = await fakeBrowser.windows.create({ type: 'normal' });
    const site = await fakeBrowser.tabs.create({ windowId: normal.id, url: 'https://dapp.example/' });
    // The fake keeps neither focus nor active tabs: both calls are checked as made.
    const getLastFocused = vi.spyOn(fakeBrowser.windows, 'getLastFocused').mockResolvedValue(normal);
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([site]);
    expect(await ports.activeTab()).toBe(site.id);
    expect(getLastFocused).toHaveBeenCalledWith({ windowTypes: ['normal'] });
    expect(query).toHaveBeenCalledWith({ active: true, windowId: normal.id });
  });

  it('from a popup-type window (Firefox ignores the type filter) takes the active tab of the one browser window, and none when it cannot tell', async () => {
    const popup = await fakeBrowser.windows.create({ type: 'popup' });
    vi.spyOn(fakeBrowser.windows, 'getLastFocused').mockResolvedValue(popup);
    const site = await fakeBrowser.tabs.create({ url: 'https://dapp.example/' });
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValueOnce([site]);
    expect(await ports.activeTab()).toBe(site.id);
    expect(query).toHaveBeenLastCalledWith({ active: true, windowType: 'normal' });
    query.mockResolvedValueOnce([site, { ...site, id: 99 }]);
    expect(await ports.activeTab()).toBeNull();
  });

  it('opens the proof page next to the requesting tab', async () => {
    await fakeBrowser.tabs.create({ url: 'https://a.example/' });
    const dapp = await fakeBrowser.tabs.create({ url: 'https://dapp.example/' });
    await fakeBrowser.tabs.create({ url: 'https://c.example/' });
    // The fake ignores `index`, so the request itself is checked.
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const id = await ports.openProofTab('https://svc.example/proof/s1', dapp.id!);
    expect(create).toHaveBeenCalledWith({
      url: 'https://svc.example/proof/s1', active: true, windowId: dapp.windowId, index: dapp.index + 1, openerTabId: dapp.id,
    });
    expect((await fakeBrowser.tabs.get(id)).url).toBe('https://svc.example/proof/s1');
  });

  it('opens no proof page on a host the user has not granted', async () => {
    granted = false;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    create.mockClear();
    await expect(ports.openProofTab('https://look-alike.example/proof/s1', 1)).rejects.toMatchObject({
      name: 'ProofPageRefused', message: expect.stringContaining('no access to https://look-alike.example/*'),
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('opens the consent window as a small popup window carrying only the flow id', async () => {
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    const id = await ports.openConsent('f-1');
    expect(typeof id).toBe('number');
    expect(create).toHaveBeenCalledWith({ url: expect.stringMatching(/\/consent\.html\?flow=f-1$/), type: 'popup', focused: true, ...CONSENT_WINDOW });
  });
});
