import { browser } from 'wxt/browser';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { openToolbarPopup } from '@/lib/platform/toolbar.ts';
import { BUILD_ID } from './id.ts';
import { restartFulfilled, type Reopen } from './restart.ts';
import { restartStore, type RestartStore } from './restart-store.ts';

/** A restart comes back within seconds; later than this, the user has moved on. */
export const REOPEN_WITHIN_MS = 60_000;

/**
 * At a worker's start: when a page restarted Vantage to bring up this build
 * (lib/build/restart.ts), the restart worked. The record goes, and the page
 * is opened again where it was, if the restart came back at once: one that
 * came back later (Chromium turns an unpacked Vantage off instead when it is
 * not in developer mode, until the user turns it on or the next launch)
 * opens nothing out of the blue. Checked at every start, not only at install:
 * turning Vantage off and on starts the worker with no install event.
 * Answers whether it finished a restart.
 */
export async function finishRestart(store: RestartStore, build: string, reopen: (where: Reopen) => Promise<void>, nowMs: number): Promise<boolean> {
  const record = await store.get();
  if (!restartFulfilled(record, build)) return false;
  await store.clear();
  if (record.reopen && Math.abs(nowMs - record.at) < REOPEN_WITHIN_MS) {
    await reopen(record.reopen).catch((e: unknown) => console.warn('Vantage: the page could not be opened again after the restart:', String(e)));
  }
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
    listen: () => void finishRestart(restartStore, BUILD_ID, reopenPage, Date.now()).catch((e: unknown) => console.warn('Vantage: the restart record could not be read:', String(e))),
  }),
};
