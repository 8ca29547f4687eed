import { storage, type StorageItemKey } from 'wxt/utils/storage';
import { inTurn } from '@/lib/async/in-turn.ts';
import { isSealedSecret, seal, unseal, type KeyVault, type SealedSecret } from './sealed-secret.ts';

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
  /** Calls back with each new value. */
  watch(cb: (value: T) => void): () => void;
}

export function sealedJson<T>(key: StorageItemKey, vault: KeyVault, fallback: T, parse: (v: unknown) => T | null): SealedJson<T> {
  const item = storage.defineItem<SealedSecret | null>(key, { fallback: null });
  const open = async (sealed: SealedSecret | null): Promise<T> => {
    if (!isSealedSecret(sealed)) return fallback;
    const text = await unseal(vault, sealed);
    if (text === null) return fallback;
    try {
      return parse(JSON.parse(text)) ?? fallback;
    } catch {
      return fallback;
    }
  };
  /** Changes run after every change asked for before them: a write under way never lands after a later one. */
  const changeInTurn = inTurn();
  return {
    get: async () => open(await item.getValue()),
    update: (fn) => changeInTurn(async () => {
      const value = fn(await open(await item.getValue()));
      await item.setValue(await seal(vault, JSON.stringify(value)));
      return value;
    }),
    clear: () => changeInTurn(() => item.removeValue()),
    watch: (cb) => item.watch((sealed) => void open(sealed).then(cb)),
  };
}
