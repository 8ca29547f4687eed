import { storage } from 'wxt/utils/storage';
import { storageSettled } from '@/lib/settings/storage-gate.ts';
import { parsePins, type PinnedList } from './pins.ts';

/**
 * Where the pinned projects live: plain storage.local, like the other project
 * choices (the stats view's current and recent projects, the default project
 * in the settings): project ids are the service's public names, nothing
 * secret, and the popup paints the Projects view without opening the vault.
 *
 * Extension pages write it (the pin button, the Projects view: ./change.ts),
 * the worker reads it (the address bar). Reading is kept apart from changing
 * so the popup's first bundle carries only the read.
 */
export const PINNED_KEY = 'pinnedProjects' as const;

export const pinnedItem = storage.defineItem<unknown>(`local:${PINNED_KEY}`, { fallback: [] });

/** The pinned projects in the user's order (entries that do not validate are left out, and left in storage). */
export async function readPins(): Promise<PinnedList> {
  await storageSettled();
  return parsePins(await pinnedItem.getValue()).kept;
}

/** Calls back with the list after each change, made here or in another page. */
export function watchPins(cb: (list: PinnedList) => void): () => void {
  return pinnedItem.watch((v) => cb(parsePins(v).kept));
}
