import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DataOperationId } from '@/lib/api/catalog.ts';
import type { CacheEntry } from '@/lib/cache/swr.ts';
import { loadStat, type StatState } from '@/lib/stats/loader.ts';
import { normalize, type ViewOf } from '@/lib/stats/operation-views.ts';
import { pageLoaderDeps, pagePaintSnapshot, pageScope } from '@/lib/stats/page-client.ts';
import { requestKey, type StatsRequest } from '@/lib/stats/query.ts';

export interface UseStat<Id extends DataOperationId> {
  readonly state: StatState;
  /** The normalized view of the entry shown, if any. */
  readonly view: ViewOf<Id> | null;
  /** Revalidate now, skipping the TTL (the "Retry" way out). */
  reload(): void;
}

/** The entry on screen, and whether it is only the snapshot's copy (not yet checked against storage). */
type Shown = { readonly key: string; readonly entry: CacheEntry<unknown>; readonly hint: boolean } | null;

/** Same on screen: keeping the previous object spares the block a render. */
function sameState(a: StatState, b: StatState): boolean {
  if (a.status === 'loading' || b.status === 'loading') return a.status === b.status;
  return a.status === b.status && a.error === b.error && a.refreshing === b.refreshing && (a.status !== 'ready' || a.entry === (b as typeof a).entry);
}

/** What a block shows first: the snapshot's copy of its entry when there is one. */
function fromSnapshot(key: string): { state: StatState; shown: Shown } {
  const entry = key ? pagePaintSnapshot().entry(key) : undefined;
  return entry
    ? { state: { status: 'ready', entry, refreshing: false, error: null }, shown: { key, entry, hint: true } }
    : { state: { status: 'loading' }, shown: null };
}

/**
 * One block's data: the snapshot's copy in the very first render, then the
 * stored entry, then the worker's revalidation (see lib/stats/loader.ts). A
 * new request starts over; a new refresh token or reload() revalidates what
 * is shown. With `remember`, what is painted is copied to the snapshot for
 * the next open. A null request (a comparison not made) asks nothing and
 * stays loading.
 */
export function useStat<Id extends DataOperationId>(
  request: (StatsRequest & { op: Id }) | null,
  refreshToken: number,
  remember = false,
): UseStat<Id> {
  const key = request ? requestKey(request) : '';
  const [first] = useState(() => fromSnapshot(key));
  const [state, setState] = useState<StatState>(first.state);
  const [reloads, setReloads] = useState(0);
  const shown = useRef<Shown>(first.shown);
  const forced = useRef({ refreshToken, reloads });

  // A layout effect: the stored entry is asked for right after mounting, not a frame later.
  useLayoutEffect(() => {
    const same = shown.current?.key === key;
    const force = same && (forced.current.refreshToken !== refreshToken || forced.current.reloads !== reloads);
    forced.current = { refreshToken, reloads };
    if (!request) {
      shown.current = null;
      setState((prev) => (prev.status === 'loading' ? prev : { status: 'loading' }));
      return;
    }
    if (!same) {
      const next = fromSnapshot(key);
      shown.current = next.shown;
      setState((prev) => (sameState(prev, next.state) ? prev : next.state));
    }
    const onScreen = shown.current;
    const checked = onScreen && !onScreen.hint ? onScreen.entry : undefined;
    const hint = onScreen?.hint ? onScreen.entry : undefined;
    return loadStat(pageLoaderDeps(), request, { force, current: checked, hint }, (s) => {
      if (s.status === 'ready') {
        shown.current = { key, entry: s.entry, hint: false };
        // Kept under the scope once it is worked out: a cold open paints the worker's answer before then.
        if (remember) pageScope().afterScope(() => pagePaintSnapshot().rememberEntry(key, s.entry));
      } else if (s.status === 'loading') shown.current = null;
      setState((prev) => (sameState(prev, s) ? prev : s));
    });
    // The key names the request completely, so the request object itself is not a dependency.
  }, [key, refreshToken, reloads]);

  const entry = state.status === 'ready' ? state.entry : null;
  const view = useMemo(() => (entry && request ? normalize(request.op, entry.value) : null), [entry, request?.op]);
  return { state, view, reload: () => setReloads((n) => n + 1) };
}
