import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { CONSENT_WINDOW, extensionProofBrowser } from '../../../lib/proof/browser-ports.ts';
import type { Delivery } from '../../../lib/proof/relay.ts';

const DELIVERY: Delivery = { channel: 'vantage/v1', type: 'proof.deliver', flowId: 'f', source: 'page', outcome: { ok: false, error: { code: 4001, message: 'no' } } };

// fakeBrowser has no tabs.sendMessage: the adapter's one call to it is stubbed here.
type WithSend = typeof fakeBrowser.tabs & { sendMessage?: (...a: unknown[]) => Promise<unknown> };

describe('extensionProofBrowser', () => {
  const ports = extensionProofBrowser();
  let send: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fakeBrowser.reset();
    send = vi.fn(async () => true);
    (fakeBrowser.tabs as WithSend).sendMessage = send as never;
  });

  it('hands a delivery to the top frame only while the tab shows the requesting origin', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://dapp.example/app?x=1' });
    expect(await ports.deliver(tab.id!, 'https://dapp.example', DELIVERY)).toBe('delivered');
    expect(send).toHaveBeenCalledWith(tab.id, DELIVERY, { frameId: 0 });

    await fakeBrowser.tabs.update(tab.id!, { url: 'https://dapp.example.evil.test/' });
    send.mockClear();
    expect(await ports.deliver(tab.id!, 'https://dapp.example', DELIVERY)).toBe('origin-changed');
    expect(send).not.toHaveBeenCalled();
    expect(await ports.deliver(tab.id!, 'http://dapp.example', DELIVERY)).toBe('origin-changed');
  });

  it('reports a closed tab and a tab without a receiver', async () => {
    expect(await ports.deliver(4242, 'https://dapp.example', DELIVERY)).toBe('tab-gone');
    const tab = await fakeBrowser.tabs.create({ url: 'https://dapp.example/' });
    send.mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'));
    expect(await ports.deliver(tab.id!, 'https://dapp.example', DELIVERY)).toBe('no-receiver');
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

  it('opens the consent window as a small popup window carrying only the flow id', async () => {
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    const id = await ports.openConsent('f-1');
    expect(typeof id).toBe('number');
    expect(create).toHaveBeenCalledWith({ url: expect.stringMatching(/\/consent\.html\?flow=f-1$/), type: 'popup', focused: true, ...CONSENT_WINDOW });
  });
});
