/**
 * The page side of "one build, checked" (lib/build/restart.ts): an extension
 * page reads the build its worker's first reply names, and on another build
 * restarts Vantage, once, towards its own; when that did not help, it says so
 * and stays out of use rather than half work. The first reply is enough: the
 * worker changes builds only by a restart or an update, which close the
 * extension's pages.
 */
import { browser } from 'wxt/browser';
import { lastReply, sendToWorker } from '@/lib/messaging/send.ts';
import { BUILD_ID } from './id.ts';
import { judgeBuilds, type Reopen } from './restart.ts';
import { restartStore, type RestartStore } from './restart-store.ts';

/**
 * - `checking`: no reply of the worker seen yet;
 * - `same`: the worker is of this page's build;
 * - `restarting`: it was not, and Vantage is restarting into this build (the page goes with it);
 * - `stuck`: it was not, a restart towards this build did not help a moment ago: the page says what to do.
 */
export type BuildCheck = 'checking' | 'same' | 'restarting' | 'stuck';

export interface PageGuardDeps {
  /** This page's build. */
  readonly build: string;
  /** The build the worker's latest reply to this page named (null: none; undefined: no reply yet). */
  readonly known: () => string | null | undefined;
  /** Asks the worker something harmless, when it has yet to answer this page: the build its reply names. */
  readonly ask: () => Promise<string | null>;
  readonly store: RestartStore;
  /** Restarts the extension: its worker and pages come up again from the files on disk. */
  readonly restart: () => void;
  /** Where this page is, to be opened there again after the restart (undefined: not at all). */
  readonly where: () => Promise<Reopen | undefined>;
  readonly now: () => number;
}

export interface PageGuard {
  readonly state: BuildCheck;
  /** Calls `listener` with each new state; returns the unsubscribe. */
  subscribe(listener: (state: BuildCheck) => void): () => void;
}

export function guardPageBuild(deps: PageGuardDeps): PageGuard {
  let state: BuildCheck = 'checking';
  const listeners = new Set<(s: BuildCheck) => void>();
  const set = (next: BuildCheck) => {
    state = next;
    for (const l of listeners) l(next);
  };
  let acting = false;
  const onBuild = (worker: string | null) => {
    if (worker === deps.build) {
      if (state === 'checking') set('same');
      return;
    }
    if (acting) return;
    acting = true;
    void (async () => {
      if (judgeBuilds(deps.build, worker, await deps.store.get(), deps.now()) === 'stuck') return set('stuck');
      // Written before the restart: the worker that comes up reads it, and a page that still finds the mix after it.
      await deps.store.set({ to: deps.build, from: worker, at: deps.now(), reopen: await deps.where().catch(() => undefined) });
      set('restarting');
      deps.restart();
    })().catch((e: unknown) => {
      console.error('Vantage: could not restart to end a mix of builds:', String(e));
      set('stuck');
    });
  };
  // Riding on what the page asked already (the popup's first message) where it can; else one harmless question.
  const known = deps.known();
  if (known !== undefined) onBuild(known);
  else deps.ask().then(onBuild, () => undefined);
  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Where this extension page is: its tab, or the toolbar popup (a page in no tab). */
async function thisPage(): Promise<Reopen> {
  const tab = await browser.tabs.getCurrent();
  const path = `${location.pathname}${location.search}${location.hash}`;
  return tab ? { kind: 'tab', path, ...(tab.id !== undefined ? { tabId: tab.id } : {}) } : { kind: 'popup' };
}

let guard: PageGuard | undefined;

/**
 * This page's guard, started on first call. `reopen`: open the page again after a restart (not a
 * consent window, whose request a restart ends).
 */
export function pageBuildGuard(opts: { readonly reopen: boolean }): PageGuard {
  guard ??= guardPageBuild({
    build: BUILD_ID,
    known: () => (lastReply ? lastReply.build ?? null : undefined),
    ask: async () => (await sendToWorker('ping', {}))?.build ?? null,
    store: restartStore,
    restart: () => browser.runtime.reload(),
    where: async () => (opts.reopen ? thisPage() : undefined),
    now: Date.now,
  });
  return guard;
}
