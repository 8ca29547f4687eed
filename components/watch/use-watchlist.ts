import { useEffect, useState } from 'preact/hooks';
import { pageWatchlist } from '@/lib/watch/store.ts';
import type { WatchedAddress } from '@/lib/watch/watchlist.ts';
import { followStored } from '@/lib/storage/follow.ts';

/** The watchlist as stored, following every change the worker writes; null until first read. */
export function useWatchlist(): readonly WatchedAddress[] | null {
  const [list, setList] = useState<readonly WatchedAddress[] | null>(null);
  useEffect(() => {
    const store = pageWatchlist();
    return followStored({ read: () => store.get(), watch: (cb) => store.watch(cb) }, setList, () => setList([]));
  }, []);
  return list;
}
