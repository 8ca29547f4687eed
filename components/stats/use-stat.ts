import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DataOperationId } from '../../lib/api/catalog.ts';
import type { CacheEntry } from '../../lib/cache/swr.ts';
import { normalize, type ViewOf } from '../../lib/normalize/normalize.ts';
import { loadStat, type StatState } from '../../lib/stats/loader.ts';
import { pageLoaderDeps } from '../../lib/stats/page-client.ts';
import { requestKey, type StatsRequest } from '../../lib/stats/query.ts';

export interface UseStat<Id extends DataOperationId> {
  readonly state: StatState;
  /** The normalized view of the entry shown, if any. */
  readonly view: ViewOf<Id> | null;
  /** Revalidate now, skipping the TTL (the "Retry" way out). */
  reload(): void;
}

/**
 * One block's data: the stored entry painted at once, then revalidated by
 * the worker (see lib/stats/loader.ts). A new request starts over; a new
 * refresh token or reload() revalidates what is shown.
 */
export function useStat<Id extends DataOperationId>(request: StatsRequest & { op: Id }, refreshToken: number): UseStat<Id> {
  const key = requestKey(request);
  const [state, setState] = useState<StatState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const shown = useRef<{ key: string; entry: CacheEntry<unknown> } | null>(null);
  const forced = useRef({ refreshToken, reloads });

  // A layout effect: the stored entry is asked for right after mounting, not a frame later.
  useLayoutEffect(() => {
    const same = shown.current?.key === key;
    const force = same && (forced.current.refreshToken !== refreshToken || forced.current.reloads !== reloads);
    forced.current = { refreshToken, reloads };
    if (!same) {
      shown.current = null;
      setState({ status: 'loading' });
    }
    return loadStat(pageLoaderDeps(), request, { force, current: same ? shown.current?.entry : undefined }, (s) => {
      if (s.status === 'ready') shown.current = { key, entry: s.entry };
      setState(s);
    });
    // The key names the request completely, so the request object itself is not a dependency.
  }, [key, refreshToken, reloads]);

  const entry = state.status === 'ready' ? state.entry : null;
  const view = useMemo(() => (entry ? normalize(request.op, entry.value) : null), [entry, request.op]);
  return { state, view, reload: () => setReloads((n) => n + 1) };
}
