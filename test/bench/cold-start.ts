import type { ExtensionHarness } from '@/test/e2e/harness.ts';

/** lib/stats/paint-snapshot.ts's localStorage key (not imported: that module's imports need a browser). */
export const SNAPSHOT_KEY = 'vantage:paint-snapshot';

/**
 * Makes the next open of a page cold: every cached answer removed, from
 * storage.local and from the pages' paint snapshot, and the worker stopped.
 * The snapshot keeps the view (the project and section the popup reopens on),
 * as when the key or service changes, unless `dropView`. The worker is
 * stopped from an extension page that stays open with its DevTools session
 * until the measured page has started it again (closing them restarts the
 * worker, Chromium 156): call the function returned once that page is done.
 */
export async function goCold(h: ExtensionHarness, { dropView = false } = {}): Promise<() => Promise<void>> {
  const quiet = await h.openPage('manifest.json');
  await quiet.evaluate(async ([key, drop]) => {
    const all = await chrome.storage.local.get(null);
    await chrome.storage.local.remove(Object.keys(all).filter((k) => k.startsWith('cache:')));
    const snapshot = JSON.parse(localStorage.getItem(key) ?? 'null') as { entries?: unknown[] } | null;
    if (drop) localStorage.removeItem(key);
    else if (snapshot) localStorage.setItem(key, JSON.stringify({ ...snapshot, entries: [] }));
  }, [SNAPSHOT_KEY, dropView] as const);
  const cdp = await h.context.newCDPSession(quiet);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  return async () => {
    await cdp.detach();
    await quiet.close();
  };
}
