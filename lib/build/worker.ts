import { browser } from 'wxt/browser';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { openToolbarPopup } from '@/lib/platform/toolbar.ts';
import { BUILD_ID } from './id.ts';
import { restartFulfilled, type Reopen } from './restart.ts';
import { restartStore, type RestartStore } from './restart-store.ts';

/**
 * At a worker's start: when a page restarted Vantage to bring up this build
 * (lib/build/restart.ts), the restart worked. The record goes, and the page
 * is opened again where it was. Checked at every start, not only at install:
 * a user who turns Vantage off and on (the fix a page names when a restart
 * did not help) starts the worker with no install event. Answers whether it
 * finished a restart.
 */
export async function finishRestart(store: RestartStore, build: string, reopen: (where: Reopen) => Promise<void>): Promise<boolean> {
  const record = await store.get();
  if (!restartFulfilled(record, build)) return false;
  await store.clear();
  if (record.reopen) await reopen(record.reopen).catch((e: unknown) => console.warn('Vantage: the page could not be opened again after the restart:', String(e)));
  return true;
}

/** The page in its tab again (Chromium leaves a restarted extension's tab empty), else in a new tab; the popup where the browser allows. */
async function reopenPage(where: Reopen): Promise<void> {
  if (where.kind === 'popup') return openToolbarPopup();
  const url = browser.runtime.getURL(where.path as '/');
  if (where.tabId !== undefined && (await browser.tabs.update(where.tabId, { url, active: true }).then(() => true, () => false))) return;
  await browser.tabs.create({ url });
}

export const buildWorker: WorkerFeature = {
  name: 'build',
  init: () => ({
    listen: () => void finishRestart(restartStore, BUILD_ID, reopenPage).catch((e: unknown) => console.warn('Vantage: the restart record could not be read:', String(e))),
  }),
};
