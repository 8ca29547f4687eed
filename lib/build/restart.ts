/**
 * One build, checked (docs/architecture.md "One build"): what a page does when
 * the worker answering it is of another build, and what the worker that comes
 * up after a restart does about it. Pure: the clock and the stored record are
 * passed in.
 *
 * Chromium can keep running an old build's service worker under a new build's
 * pages (an unpacked build replaced while the browser was closed: the profile
 * keeps the old worker registered). Only a restart of the extension
 * (runtime.reload) brings up the worker on disk, and the pages are always the
 * files on disk: so the page's build is the one to restart into.
 */

/** Where the page that asked for the restart was, to open it again once the new worker runs. */
export type Reopen =
  /** An extension page in a tab: its path within the extension (with query and hash), and the tab. */
  | { readonly kind: 'tab'; readonly path: string; readonly tabId?: number }
  /** The toolbar popup. */
  | { readonly kind: 'popup' };

/** What a page that restarted Vantage leaves for the worker that comes up (lib/build/restart-store.ts). */
export interface RestartRecord {
  /** The page's build: the one the restart is to bring up. */
  readonly to: string;
  /** The build the worker answered from; null: a worker older than build ids, which names none. */
  readonly from: string | null;
  /** When the restart was asked for (epoch ms). */
  readonly at: number;
  readonly reopen?: Reopen;
}

/**
 * How long after a restart towards a build another one towards it is not tried: the mismatch outlived
 * the restart, and restarting again would only loop. The page says what to do instead.
 */
export const RESTART_GUARD_MS = 10 * 60_000;

/**
 * What a page of build `page` does about a worker that answered from `worker` (null: named none):
 * - `same`: one build, nothing to do;
 * - `restart`: restart the extension, which brings up the build on disk, the page's;
 * - `stuck`: a restart towards this build was asked for a moment ago and the worker is still another
 *   (or the clock went back past it): say so, with what fixes it, rather than restart again.
 */
export function judgeBuilds(page: string, worker: string | null, last: RestartRecord | null, nowMs: number): 'same' | 'restart' | 'stuck' {
  if (worker === page) return 'same';
  if (last && last.to === page && Math.abs(nowMs - last.at) < RESTART_GUARD_MS) return 'stuck';
  return 'restart';
}

/**
 * At a worker's start: whether the stored record is one its build fulfils (the restart brought it up),
 * so the page it names is opened again and the record goes. A record towards another build stays: the
 * page of that build still finds the mix, and the guard above stops it restarting again.
 */
export function restartFulfilled(record: RestartRecord | null, build: string): record is RestartRecord {
  return record !== null && record.to === build;
}

const isString = (v: unknown): v is string => typeof v === 'string';

function isReopen(v: unknown): v is Reopen {
  const r = v as { kind?: unknown; path?: unknown; tabId?: unknown } | null;
  if (typeof r !== 'object' || r === null) return false;
  if (r.kind === 'popup') return true;
  return r.kind === 'tab' && isString(r.path) && r.path.startsWith('/') && (r.tabId === undefined || Number.isInteger(r.tabId));
}

/** Whether a stored value is a record this build can act on (anything else counts as none). */
export function isRestartRecord(v: unknown): v is RestartRecord {
  const r = v as Partial<Record<keyof RestartRecord, unknown>> | null;
  return typeof r === 'object' && r !== null && isString(r.to) && r.to !== '' && (r.from === null || isString(r.from))
    && typeof r.at === 'number' && Number.isFinite(r.at) && (r.reopen === undefined || isReopen(r.reopen));
}
