import { indexedDbVault } from '@/lib/settings/key-vault.ts';
import { sealedJson, type SealedJson } from '@/lib/settings/sealed-json.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { parseWatchlist, summarize, type WatchedAddress, type WatchedSummary } from './watchlist.ts';

/**
 * Where the watchlist lives. Which addresses a user watches, and their
 * scores, are the user's own: content scripts can read storage.local (in
 * Firefox always, in Chromium until the worker closes it), so the list is
 * sealed there with AES-GCM under the vault's non-extractable key, which
 * lives in the extension's IndexedDB (lib/settings/sealed-json.ts,
 * docs/security.md). Sealed storage.local rather than IndexedDB itself:
 * storage.onChanged lets an open popup follow a check the worker runs, and
 * one small value (≈ 130 KB for 50 addresses of 30 points) reads in one go.
 *
 * The worker is the only writer (pages ask it: watch.add, watch.remove …);
 * pages read and follow the list directly.
 */
export const WATCHLIST_KEY = 'local:watchlist' as const;

export type WatchlistStore = SealedJson<readonly WatchedAddress[]>;

export function watchlistStore(vault: KeyVault): WatchlistStore {
  return sealedJson<readonly WatchedAddress[]>(WATCHLIST_KEY, vault, [], parseWatchlist);
}

let forPage: WatchlistStore | undefined;
/** The watchlist as an extension page (or the worker) reads it, the vault's key from the extension's IndexedDB. */
export function pageWatchlist(): WatchlistStore {
  return (forPage ??= watchlistStore(indexedDbVault()));
}

/**
 * The watched addresses with their current score and band, for other
 * features (the address bar's suggestions). Extension contexts only: it
 * needs the vault's key.
 */
export async function listWatched(store: WatchlistStore = pageWatchlist()): Promise<WatchedSummary[]> {
  return (await store.get()).map(summarize);
}
