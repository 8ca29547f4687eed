import { browser } from 'wxt/browser';
import type { Handoff, KnockTransport } from './handoff.ts';
import { lastFocusedNormalWindow } from '@/lib/platform/windows.ts';
import { pageNotGrantedMessage } from '@/lib/settings/host-access.ts';
import { ProofPageRefused, type ProofBrowser } from './runner.ts';

/** The consent window's size (MetaMask-like). */
export const CONSENT_WINDOW = { width: 380, height: 620 } as const;
export const WATCHDOG_ALARM = 'vantage-proof-watchdog';

/**
 * Knocks through tabs.sendMessage: to one document where the browser can name
 * it (Chromium's documentId), else to the tab's top frame.
 */
export const tabsKnock: KnockTransport = (to, knock) =>
  browser.tabs.sendMessage(to.tabId, knock, to.documentId ? { documentId: to.documentId } : { frameId: 0 });

/** Whether a tab exists; tabs.get needs no permission for that (only its url would). */
export async function tabExists(tabId: number): Promise<boolean> {
  return browser.tabs.get(tabId).then((t) => t?.id === tabId, () => false);
}

/** Whether a window exists (the consent window: it may have closed itself). */
async function windowExists(windowId: number): Promise<boolean> {
  return browser.windows.get(windowId).then((w) => w?.id === windowId, () => false);
}

/**
 * Removes a tab or window; one already gone counts as closed. The consent page closes itself after an answer, and
 * people close proof pages, while the flow closes both too: only a close that left the thing open is a failure.
 */
async function removeUnlessGone(remove: () => Promise<void>, exists: () => Promise<boolean>): Promise<void> {
  await remove().catch(async (e: unknown) => {
    if (await exists()) throw e;
  });
}

/** ProofBrowser over the real tabs/windows APIs and the hand-off. Worker only. */
export function extensionProofBrowser(handoff: Handoff, pageGranted: (url: string) => Promise<boolean>): ProofBrowser {
  return {
    async openConsent(flowId) {
      // Only an opaque id travels in the URL; the page asks the worker for the details.
      const url = browser.runtime.getURL(`/consent.html?flow=${encodeURIComponent(flowId)}`);
      const w = await browser.windows.create({ url, type: 'popup', focused: true, ...CONSENT_WINDOW });
      if (w?.id === undefined) throw new Error('The consent window has no id.');
      return w.id;
    },
    closeWindow: (windowId) => removeUnlessGone(() => browser.windows.remove(windowId), () => windowExists(windowId)),
    async openProofTab(url, besideTabId) {
      if (!(await pageGranted(url))) throw new ProofPageRefused(pageNotGrantedMessage(url));
      const beside = await browser.tabs.get(besideTabId).catch(() => undefined);
      const tab = await browser.tabs.create({
        url,
        active: true,
        ...(beside ? { windowId: beside.windowId, index: beside.index + 1, openerTabId: besideTabId } : {}),
      });
      if (tab.id === undefined) throw new Error('The proof tab has no id.');
      return tab.id;
    },
    closeTab: (tabId) => removeUnlessGone(() => browser.tabs.remove(tabId), () => tabExists(tabId)),
    tabExists,
    async findTab(url) {
      // Matches only where the extension has host access (the service's own pages); elsewhere it finds nothing.
      const [t] = await browser.tabs.query({ url: `${url.split(/[?#]/)[0]}*` });
      return t?.id ?? null;
    },
    async focusTab(tabId) {
      const tab = await browser.tabs.update(tabId, { active: true });
      if (tab?.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true });
    },
    async closeOldConsent(windowId) {
      const w = await browser.windows.get(windowId, { populate: true });
      // After a reload Chromium leaves the old version's page as an error page whose URL is not shown to the new one.
      const url = w.tabs?.length === 1 ? w.tabs[0]!.url : 'several tabs';
      if (w.type === 'popup' && (url === undefined || url.startsWith(browser.runtime.getURL('/consent.html')))) await browser.windows.remove(windowId);
    },
    async closeOldProofTab(tabId, origins) {
      // The service's pages are hosts the user granted, so their URL is visible; any other tab shows none.
      const t = await browser.tabs.get(tabId);
      if (t.url && origins.some((o) => t.url!.startsWith(`${o}/`))) await browser.tabs.remove(tabId);
    },
    deliver: (target, delivery) => handoff.deliver(target, delivery),
    notify: (target, note) => handoff.notify(target, note),
    identify: (tabId) => handoff.identify(tabId),
    async activeTab() {
      // The browser window the user last looked at (the toolbar popup is no window of its own).
      const windowId = await lastFocusedNormalWindow();
      if (windowId !== undefined) {
        const [t] = await browser.tabs.query({ active: true, windowId });
        return t?.id ?? null;
      }
      // From a popup-type window (Vantage's popup opened as one): the site is clear only with one browser window.
      const active = await browser.tabs.query({ active: true, windowType: 'normal' });
      return active.length === 1 ? (active[0]!.id ?? null) : null;
    },
  };
}

/**
 * tabs.onUpdated, reduced to "this tab finished loading a page" and switched on and off by the runner
 * (ProofRunner's `tabLoads`). Without the `tabs` permission the browser withholds the URL, and none is
 * needed: the tab id says whether it is a proof page. Chromium and Firefox alike wake a stopped
 * background for a listener registered at its start, and stop doing so once it is removed, so it is on
 * only while a proof page is open (and from the start, until the runner has read its flows).
 */
export function tabLoadListener(onLoaded: (tabId: number) => void): { listen(on: boolean): void } {
  const listener = (tabId: number, change: { status?: string }) => {
    if (change.status === 'complete') onLoaded(tabId);
  };
  return {
    listen(on) {
      const has = browser.tabs.onUpdated.hasListener(listener);
      if (on && !has) browser.tabs.onUpdated.addListener(listener);
      if (!on && has) browser.tabs.onUpdated.removeListener(listener);
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
