import { storage } from 'wxt/utils/storage';
import { isRecord } from '../api/body.ts';

/**
 * The last few successful lookups, newest first, for the Score panel to
 * offer again. Kept in storage.local: the addresses are public on-chain
 * identifiers and the list is short and clearable from the panel.
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

const recentItem = storage.defineItem<RecentLookup[]>('local:scoreRecent', { fallback: [] });

function isRecentLookup(v: unknown): v is RecentLookup {
  return isRecord(v) && typeof v.address === 'string' && /^0x[0-9a-f]{40}$/.test(v.address)
    && typeof v.scoreId === 'string' && typeof v.score === 'number' && typeof v.at === 'number';
}

/** The list with `entry` first; an earlier lookup of the same address and model is replaced. */
export function withRecent(list: readonly RecentLookup[], entry: RecentLookup, limit = RECENT_LIMIT): RecentLookup[] {
  const rest = list.filter((r) => r.address !== entry.address || r.scoreId !== entry.scoreId);
  return [entry, ...rest].slice(0, limit);
}

export async function loadRecent(): Promise<RecentLookup[]> {
  const stored = await recentItem.getValue();
  return Array.isArray(stored) ? stored.filter(isRecentLookup) : [];
}

export async function rememberLookup(entry: RecentLookup): Promise<void> {
  await recentItem.setValue(withRecent(await loadRecent(), entry));
}

export function clearRecent(): Promise<void> {
  return recentItem.removeValue();
}

export function watchRecent(cb: (list: RecentLookup[]) => void): () => void {
  return recentItem.watch((v) => cb(Array.isArray(v) ? v.filter(isRecentLookup) : []));
}
