import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors.ts';
import type { WorkerDeps, WorkerFeature } from '@/lib/background/feature.ts';
import { csvFileName, toCsv } from '@/lib/csv/csv.ts';
import { t } from '@/lib/i18n/index.ts';
import type { Route } from '@/lib/messaging/router.ts';
import { browserNotifier } from '@/lib/notify/browser-notifier.ts';
import type { Notifier } from '@/lib/notify/notifier.ts';
import { requestNotifications } from '@/lib/notify/permission.ts';
import type { AlarmsPort } from '@/lib/platform/alarms.ts';
import { onBrowserStartOrInstall } from '@/lib/platform/lifecycle.ts';
import { selectionMenus } from '@/lib/platform/menus.ts';
import { checkAddress, findAddress } from '@/lib/score/address.ts';
import { createScoreLookup, type ScoreLookupFn } from '@/lib/score/lookup.ts';
import { scorePagePath, WATCH_MENU_ID } from '@/lib/score/menu.ts';
import { openScoreWindow } from '@/lib/score/score-window.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { checkWatchlist, oneAtATime, type CheckReport } from './check.ts';
import { watchlistTable } from './csv.ts';
import { watchlistStore, type WatchlistStore } from './store.ts';
import { syncWatchAlarm, WATCH_ALARM, type WatchAlarms } from './schedule.ts';
import { summarize, withoutWatched, withScore, withWatched, type WatchedAddress, type WatchedSummary } from './watchlist.ts';

/** Which address under which model; the model empty or absent: the one chosen in Options. */
export interface WatchKey {
  readonly address: string;
  readonly model?: string;
}

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    /** Watches an address under a model, its history started with its current score when the service answers. */
    'watch.add': { request: WatchKey; response: WatchedSummary };
    'watch.remove': { request: { address: string; model: string }; response: { removed: boolean } };
    /** "Remove all". */
    'watch.clear': { request: Record<string, never>; response: { removed: number } };
    'watch.list': { request: Record<string, never>; response: WatchedSummary[] };
    /** The list and histories as CSV (lib/watch/csv.ts). */
    'watch.export': { request: Record<string, never>; response: { fileName: string; csv: string } };
    /** The scheduled check, now ("Check now", and tests). */
    'watch.check': { request: Record<string, never>; response: CheckReport };
  }
}

export interface WatchDeps {
  readonly store: WatchlistStore;
  /** The worker's score lookup (lib/score/lookup.ts), remembering nothing in the recent lookups. */
  readonly lookup: ScoreLookupFn;
  readonly notifier: Notifier;
  readonly alarms: WatchAlarms;
  /** The model chosen in Options, for a watch that names none. */
  readonly defaultModel: () => Promise<string>;
  readonly now: () => number;
}

const str = (v: unknown): v is string => typeof v === 'string';

function parseKey(payload: unknown, modelRequired: false): WatchKey;
function parseKey(payload: unknown, modelRequired: true): { address: string; model: string };
function parseKey(payload: unknown, modelRequired: boolean): WatchKey {
  const p = (payload ?? {}) as { address?: unknown; model?: unknown };
  if (!str(p.address) || (p.model !== undefined && !str(p.model)) || (modelRequired && !str(p.model))) {
    throw new ApiError({ kind: 'invalid-params', message: t('watch.error.badKey') });
  }
  return p.model === undefined ? { address: p.address } : { address: p.address, model: p.model };
}

const noPayload = (): Record<string, never> => ({});

/** The watchlist's operations, on injected deps (tested with a fake clock and a fake service). */
export function watchService(deps: WatchDeps) {
  const sync = async (list: readonly WatchedAddress[]) => syncWatchAlarm(deps.alarms, list.length > 0);
  const check = oneAtATime(() => checkWatchlist(deps));

  return {
    check,
    async add(key: WatchKey): Promise<WatchedSummary> {
      const checked = checkAddress(key.address);
      if (!checked.ok) throw new ApiError({ kind: 'invalid-params', param: 'entity_address', message: checked.message });
      const model = key.model?.trim() || (await deps.defaultModel());
      if (!model) throw new ApiError({ kind: 'invalid-params', param: 'scoreId', message: t('watch.error.chooseModel') });
      let entry: WatchedAddress = { address: checked.address, model, addedAt: deps.now(), history: [] };
      // The score just looked up (cached moments ago) starts the history; without one, the first check does.
      const first = await deps.lookup({ address: checked.address, scoreId: model }).catch(() => null);
      if (first) entry = withScore(entry, first.fetchedAt, first.score);
      const list = await deps.store.update((l) => {
        const existing = l.find((w) => w.address === entry.address && w.model === model);
        if (existing) entry = existing;
        return withWatched(l, entry);
      }).catch((e: unknown) => {
        throw e instanceof RangeError ? new ApiError({ kind: 'invalid-params', message: e.message }) : e;
      });
      await sync(list);
      return summarize(entry);
    },
    async remove(key: { address: string; model: string }): Promise<{ removed: boolean }> {
      let removed = false;
      const list = await deps.store.update((l) => {
        const next = withoutWatched(l, { address: key.address.toLowerCase(), model: key.model });
        removed = next.length < l.length;
        return next;
      });
      await sync(list);
      return { removed };
    },
    async clear(): Promise<{ removed: number }> {
      // Through the update chain: a check's write already under way lands first, then is emptied, never after.
      let removed = 0;
      const list = await deps.store.update((l) => {
        removed = l.length;
        return [];
      });
      await sync(list);
      return { removed };
    },
    list: async () => (await deps.store.get()).map(summarize),
    async exportCsv(): Promise<{ fileName: string; csv: string }> {
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      return { fileName: csvFileName('vantage', 'watchlist', day), csv: toCsv(watchlistTable(await deps.store.get())) };
    },
    /** Repairs the alarm (browser start, update): alarms may not survive either. */
    repair: async () => sync(await deps.store.get()),
  };
}

export type WatchService = ReturnType<typeof watchService>;

type WatchRoutes = { [K in 'watch.add' | 'watch.remove' | 'watch.clear' | 'watch.list' | 'watch.export' | 'watch.check']: Route<K> };

/** Extension pages only: the list is the user's, and no web page's content script may read or change it. */
export function watchRoutes(s: WatchService): WatchRoutes {
  const page = ['extension-page'] as const;
  return {
    'watch.add': { allow: page, parse: (p) => parseKey(p, false), handle: (k) => s.add(k) },
    'watch.remove': { allow: page, parse: (p) => parseKey(p, true), handle: (k) => s.remove(k) },
    'watch.clear': { allow: page, parse: noPayload, handle: () => s.clear() },
    'watch.list': { allow: page, parse: noPayload, handle: () => s.list() },
    'watch.export': { allow: page, parse: noPayload, handle: () => s.exportCsv() },
    'watch.check': { allow: page, parse: noPayload, handle: () => s.check() },
  };
}

/** "Watch score of …" on a selection: asks for notifications (the click is the user's gesture), watches, shows the score. */
async function watchFromMenu(s: WatchService, selection: string | undefined): Promise<void> {
  const asked = requestNotifications();
  const found = findAddress(selection ?? '');
  if (!found) {
    await openScoreWindow(scorePagePath(undefined));
    return;
  }
  const watched = await s.add({ address: found.address }).catch(() => null);
  await asked;
  await openScoreWindow(scorePagePath(found.checksummed, watched?.model));
}

const log = (what: string) => (e: unknown) => console.error(`Vantage: watchlist: ${what}`, e);

/** Runs the check when the watch alarm fires (registered at worker start: the alarm wakes a stopped worker). */
export function listenToWatchAlarm(s: Pick<WatchService, 'check'>, alarms: Pick<AlarmsPort, 'onAlarm'>): void {
  alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === WATCH_ALARM) s.check().catch(log('the scheduled check failed'));
  });
}

function listen(s: WatchService): void {
  listenToWatchAlarm(s, browser.alarms);
  onBrowserStartOrInstall(() => void s.repair().catch(log('could not repair its alarm')));
  selectionMenus()?.onClicked.addListener((info) => {
    if (info.menuItemId === WATCH_MENU_ID) watchFromMenu(s, info.selectionText).catch(log('could not watch the selection'));
  });
  // Clicks on its notifications are the notify feature's (lib/notify/worker.ts), one listener for all.
}

/** The watchlist in the worker, made with a Notifier (the browser's, in the extension). */
export function createWatchWorker(notifier: () => Notifier): WorkerFeature {
  return {
    name: 'watch',
    init: ({ cache, vault }: WorkerDeps) => {
      const s = watchService({
        store: watchlistStore(vault),
        // Scheduled re-scores are not the user's lookups: they stay out of "Recent".
        lookup: createScoreLookup({ cache, settings: loadSettings, remember: async () => undefined }),
        notifier: notifier(),
        alarms: browser.alarms,
        defaultModel: async () => (await loadSettings()).scoreId,
        now: Date.now,
      });
      return { routes: watchRoutes(s), listen: () => listen(s) };
    },
  };
}

export const watchWorker: WorkerFeature = createWatchWorker(browserNotifier);
