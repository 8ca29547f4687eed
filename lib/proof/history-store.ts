import { indexedDbVault } from '@/lib/settings/key-vault.ts';
import { sealedJson, type SealedJson } from '@/lib/settings/sealed-json.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { parseHistory, withinBounds, withoutRecords, withRecords, type ParsedHistory, type ProofRecord } from './history.ts';

/**
 * Where the proof history lives: sealed in storage.local like the site lists
 * (lib/settings/sealed-json.ts): which sites got a proof, and the scores, are
 * the user's own, and a content script must neither read the list nor add to
 * it. The worker is the only writer (it records each hand-over, and pages ask
 * it to forget); pages read and follow the list directly.
 *
 * A stored entry that does not validate is handed to `setAside` (Options
 * shows it under "Needs your attention") before the list without it is
 * written: never dropped silently.
 */
export const PROOF_HISTORY_KEY = 'proofHistory';

export interface ProofHistory {
  /** The records within bounds at `now`, newest first. */
  list(now: number): Promise<ProofRecord[]>;
  /** Adds records (a hand-over, or an undone forget); drops what is past the bounds. */
  add(records: readonly ProofRecord[], now: number): Promise<void>;
  /** Forgets these records; resolves the ones it removed (for an undo). */
  forget(ids: readonly string[], now: number): Promise<ProofRecord[]>;
  /** Forgets every record; resolves how many. */
  clear(now: number): Promise<number>;
  /** Drops what is past the bounds (at worker start: a record ages out even when no new proof is made). */
  prune(now: number): Promise<void>;
  watch(cb: (records: readonly ProofRecord[]) => void): () => void;
}

/** What a rejected stored value becomes: a set-aside record (lib/storage/set-aside.ts), wired by the worker. */
export type SetAsideEntries = (rejected: readonly unknown[]) => Promise<void>;

/** The stored array as it is (a value that is not one stands as its only entry, so it is set aside too). */
const asStored = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

export function historyStore(vault: KeyVault, setAside: SetAsideEntries = async () => undefined): ProofHistory {
  const store: SealedJson<readonly unknown[]> = sealedJson<readonly unknown[]>(`local:${PROOF_HISTORY_KEY}`, vault, [], asStored);
  const read = async (): Promise<ParsedHistory> => parseHistory(await store.get());
  /** One read-modify-write; entries that do not validate are set aside first, then left out of what is written. */
  const change = async (fn: (records: readonly ProofRecord[]) => ProofRecord[]): Promise<readonly ProofRecord[]> => {
    const { rejected } = await read();
    if (rejected.length) await setAside(rejected);
    let before: readonly ProofRecord[] = [];
    await store.update((raw) => {
      before = parseHistory(raw).records;
      return fn(before);
    });
    return before;
  };
  return {
    list: async (now) => withinBounds((await read()).records, now),
    add: async (records, now) => void (await change((list) => withRecords(list, records, now))),
    async forget(ids, now) {
      const before = await change((list) => withinBounds(withoutRecords(list, ids), now));
      return before.filter((r) => ids.includes(r.id));
    },
    async clear(now) {
      const before = await change(() => []);
      return withinBounds(before, now).length;
    },
    async prune(now) {
      const { records, rejected } = await read();
      // Most worker starts find nothing to drop: no write then.
      if (rejected.length || withinBounds(records, now).length < records.length) await change((list) => withinBounds(list, now));
    },
    watch: (cb) => store.watch((raw) => cb(parseHistory(raw).records)),
  };
}

let forPage: ProofHistory | undefined;
/** The history as an extension page reads it (the vault's key from the extension's IndexedDB). */
export function pageProofHistory(): ProofHistory {
  return (forPage ??= historyStore(indexedDbVault()));
}
