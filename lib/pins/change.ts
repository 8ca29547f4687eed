import { indexedDbVault } from '@/lib/settings/key-vault.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { storageSettled } from '@/lib/settings/storage-gate.ts';
import { originLock } from '@/lib/storage/lock.ts';
import { setAsideStore, withRecords } from '@/lib/storage/set-aside.ts';
import { moveProject, parsePins, pinProject, unpinProject, type PinnedList, type PinResult } from './pins.ts';
import { pinnedItem } from './store.ts';

/**
 * Changes to the pinned projects, made by extension pages. Each is a
 * read-modify-write under one lock shared by every page of the extension
 * (Web Locks), so the popup and a dashboard never undo each other's change.
 * A stored entry this build cannot keep (damaged, put there by hand) is set
 * aside for the user's attention (Options, "Needs your attention") before a
 * change writes the list without it: never dropped silently.
 */
export interface PinStore {
  pin(project: string): Promise<PinResult>;
  unpin(project: string): Promise<PinnedList>;
  /** Moves a pinned project to index `to` (clamped). */
  move(project: string, to: number): Promise<PinnedList>;
}

const lock = originLock('vantage-pinned-projects');

export function pinStore(vault: KeyVault = indexedDbVault(), now: () => number = Date.now): PinStore {
  /** Applies `fn` to the stored list; writes only when the list changed or entries had to be set aside. */
  const change = (fn: (list: PinnedList) => PinnedList): Promise<PinnedList> =>
    lock(async () => {
      await storageSettled();
      const { kept, rejected } = parsePins(await pinnedItem.getValue());
      const next = fn(kept);
      if (next === kept && !rejected.length) return kept;
      if (rejected.length) {
        await setAsideStore(vault).update((list) => withRecords(list, [{ source: 'pinnedProjects', reason: 'invalid', value: rejected }], now()));
      }
      await pinnedItem.setValue([...next]);
      return next;
    });
  return {
    async pin(project) {
      let result: PinResult = { ok: false, reason: 'invalid' };
      await change((list) => {
        result = pinProject(list, project);
        return result.ok ? result.list : list;
      });
      return result;
    },
    unpin: (project) => change((list) => unpinProject(list, project)),
    move: (project, to) => change((list) => moveProject(list, project, to)),
  };
}
