import { useEffect, useState } from 'preact/hooks';
import { pageWatchlist } from '@/lib/watch/store.ts';
import type { WatchedAddress } from '@/lib/watch/watchlist.ts';

/** The watchlist as stored, following every change the worker writes; null until first read. */
export function useWatchlist(): readonly WatchedAddress[] | null {
  const [list, setList] = useState<readonly WatchedAddress[] | null>(null);
  useEffect(() => {
    let live = true;
    const store = pageWatchlist();
    store.get().then((l) => live && setList(l), () => live && setList([]));
    const unwatch = store.watch((l) => live && setList(l));
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return list;
}
