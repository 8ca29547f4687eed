import { browser } from 'wxt/browser';
import { webOriginOf } from './origins.ts';
import type { ProofBrowser } from './runner.ts';

/** The consent window's size (MetaMask-like). */
export const CONSENT_WINDOW = { width: 380, height: 620 } as const;
export const WATCHDOG_ALARM = 'vantage-proof-watchdog';

/** ProofBrowser over the real tabs/windows APIs. Worker only. */
export function extensionProofBrowser(): ProofBrowser {
  return {
    async openConsent(flowId) {
      // Only an opaque id travels in the URL; the page asks the worker for the details.
      const url = browser.runtime.getURL(`/consent.html?flow=${encodeURIComponent(flowId)}`);
      const w = await browser.windows.create({ url, type: 'popup', focused: true, ...CONSENT_WINDOW });
      if (w?.id === undefined) throw new Error('The consent window has no id.');
      return w.id;
    },
    async closeWindow(windowId) {
      await browser.windows.remove(windowId);
    },
    async openProofTab(url, besideTabId) {
      const beside = await browser.tabs.get(besideTabId).catch(() => undefined);
      const tab = await browser.tabs.create({
        url,
        active: true,
        ...(beside ? { windowId: beside.windowId, index: beside.index + 1, openerTabId: besideTabId } : {}),
      });
      if (tab.id === undefined) throw new Error('The proof tab has no id.');
      return tab.id;
    },
    async closeTab(tabId) {
      await browser.tabs.remove(tabId);
    },
    async focusTab(tabId) {
      const tab = await browser.tabs.update(tabId, { active: true });
      if (tab?.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true });
    },
    async deliver(tabId, origin, delivery) {
      let url: string | undefined;
      try {
        url = (await browser.tabs.get(tabId)).url;
      } catch {
        return 'tab-gone';
      }
      // Results go only to the origin that asked: the tab's committed URL, from the browser.
      if (webOriginOf(url) !== origin) return 'origin-changed';
      try {
        const taken = await browser.tabs.sendMessage(tabId, delivery, { frameId: 0 });
        return taken === true ? 'delivered' : 'no-receiver';
      } catch {
        return 'no-receiver';
      }
    },
    async tab(tabId) {
      if (tabId !== undefined) {
        const t = await browser.tabs.get(tabId).catch(() => undefined);
        return t?.id !== undefined ? { tabId: t.id, url: t.url } : null;
      }
      const [t] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
      return t?.id !== undefined ? { tabId: t.id, url: t.url } : null;
    },
  };
}

export function alarmWatchdog(): { arm(): Promise<void>; disarm(): Promise<void> } {
  return {
    // 30 s: Chrome's floor for packed builds (unpacked ones are not clamped, which tests rely on elsewhere).
    arm: async () => {
      await browser.alarms.create(WATCHDOG_ALARM, { periodInMinutes: 0.5 });
    },
    disarm: async () => {
      await browser.alarms.clear(WATCHDOG_ALARM);
    },
  };
}
