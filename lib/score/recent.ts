import { isRecord } from '@/lib/api/body.ts';
import { indexedDbVault } from '@/lib/settings/key-vault.ts';
import { sealedJson } from '@/lib/settings/sealed-json.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';

/**
 * The last few successful lookups, newest first, for the Score panel to
 * offer again; short and clearable from the panel. The addresses are public,
 * but which ones the user looked up (and their scores) is theirs: the list is
 * sealed (lib/settings/sealed-json.ts), so no page's content script reads it.
 */
export interface RecentLookup {
  /** Lower-case 0x address. */
  readonly address: `0x${string}`;
  readonly scoreId: string;
  readonly score: number;
  /** Epoch ms of the lookup. */
  readonly at: number;
}

export const RECENT_LIMIT = 6;
export const RECENT_KEY = 'scoreRecent';

export function isRecentLookup(v: unknown): v is RecentLookup {
  return isRecord(v) && typeof v.address === 'string' && /^0x[0-9a-f]{40}$/.test(v.address)
    && typeof v.scoreId === 'string' && typeof v.score === 'number' && typeof v.at === 'number';
}

/** The list with `entry` first; an earlier lookup of the same address and model is replaced. */
export function withRecent(list: readonly RecentLookup[], entry: RecentLookup, limit = RECENT_LIMIT): RecentLookup[] {
  const rest = list.filter((r) => r.address !== entry.address || r.scoreId !== entry.scoreId);
  return [entry, ...rest].slice(0, limit);
}

export interface RecentLookups {
  load(): Promise<readonly RecentLookup[]>;
  remember(entry: RecentLookup): Promise<void>;
  clear(): Promise<void>;
  watch(cb: (list: readonly RecentLookup[]) => void): () => void;
}

export function recentLookups(vault: KeyVault): RecentLookups {
  const store = sealedJson<readonly RecentLookup[]>(`local:${RECENT_KEY}`, vault, [], (v) => (Array.isArray(v) ? v.filter(isRecentLookup) : null));
  return {
    load: () => store.get(),
    remember: async (entry) => void (await store.update((list) => withRecent(list, entry))),
    clear: () => store.clear(),
    watch: (cb) => store.watch(cb),
  };
}

let forPage: RecentLookups | undefined;
/** The recent lookups as an extension page reads them (the vault's key from the extension's IndexedDB). */
export function pageRecentLookups(): RecentLookups {
  return (forPage ??= recentLookups(indexedDbVault()));
}
