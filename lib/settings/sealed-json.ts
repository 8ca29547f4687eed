import { storage, type StorageItemKey } from 'wxt/utils/storage';
import { inTurn } from '@/lib/async/in-turn.ts';
import { isSealedSecret, seal, unseal, type KeyVault, type SealedSecret } from './sealed-secret.ts';
import { storageSettled } from './storage-gate.ts';

/**
 * A JSON value kept in storage.local sealed with AES-GCM under the vault's key
 * (which lives in the extension origin's IndexedDB). Firefox lets content
 * scripts read and write storage.local, and Chromium did until the worker
 * closed it: sealed, a value can be neither read nor changed unnoticed. A value
 * that does not open, or does not parse, reads as `fallback`.
 */
export interface SealedJson<T> {
  get(): Promise<T>;
  /** Reads, applies `fn`, writes; updates in this context run one at a time. */
  update(fn: (value: T) => T): Promise<T>;
  /** Removes the value, in turn with updates (like them, one at a time in this context). */
  clear(): Promise<void>;
  /** Calls back with each new value (with the newest, when changes come faster than they open). */
  watch(cb: (value: T) => void): () => void;
}

/** What a stored sealed value holds: nothing, its JSON, or nothing this vault can open as JSON. */
export type OpenedJson =
  | { readonly state: 'absent' }
  | { readonly state: 'unreadable' }
  | { readonly state: 'open'; readonly json: unknown };

/** Opens a value as storage holds it (the storage migrations read sealed values raw, lib/storage/). */
export async function openSealedJson(vault: KeyVault, stored: unknown): Promise<OpenedJson> {
  if (stored === undefined || stored === null) return { state: 'absent' };
  if (!isSealedSecret(stored)) return { state: 'unreadable' };
  const text = await unseal(vault, stored);
  if (text === null) return { state: 'unreadable' };
  try {
    return { state: 'open', json: JSON.parse(text) as unknown };
  } catch {
    return { state: 'unreadable' };
  }
}

export async function sealJson(vault: KeyVault, value: unknown): Promise<SealedSecret> {
  return seal(vault, JSON.stringify(value));
}

export function sealedJson<T>(key: StorageItemKey, vault: KeyVault, fallback: T, parse: (v: unknown) => T | null): SealedJson<T> {
  const item = storage.defineItem<SealedSecret | null>(key, { fallback: null });
  const open = async (sealed: SealedSecret | null): Promise<T> => {
    const opened = await openSealedJson(vault, sealed);
    if (opened.state !== 'open') return fallback;
    try {
      return parse(opened.json) ?? fallback;
    } catch {
      return fallback;
    }
  };
  /** Changes run after every change asked for before them: a write under way never lands after a later one. */
  const changeInTurn = inTurn();
  // Reads and writes wait for this context's storage migrations (an older layout may still sit at `key`).
  const read = async () => {
    await storageSettled();
    return item.getValue();
  };
  return {
    get: async () => open(await read()),
    update: (fn) => changeInTurn(async () => {
      const value = fn(await open(await read()));
      await item.setValue(await sealJson(vault, value));
      return value;
    }),
    clear: () => changeInTurn(async () => {
      await storageSettled();
      await item.removeValue();
    }),
    watch: (cb) => {
      // Each change opens asynchronously and an older one can open last: only the newest change is reported.
      let newest = 0;
      return item.watch((sealed) => {
        const change = ++newest;
        void open(sealed).then((value) => {
          if (change === newest) cb(value);
        });
      });
    },
  };
}
