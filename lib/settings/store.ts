import { storage } from 'wxt/utils/storage';
import { defaultSettings, repairSettings, type Settings } from './schema.ts';
import { isSealedSecret, seal, unseal, type KeyVault, type SealedSecret } from './sealed-secret.ts';
import { storageSettled } from './storage-gate.ts';

/**
 * Settings and secrets in extension storage, typed. Values read from storage
 * are never mutated (WXT hands fallbacks out by reference). Every read and
 * write waits for this context's storage migrations (storage-gate.ts).
 */

// Its layout is the storage schema's (lib/storage/): the migrations there bring older ones up to date.
export const settingsItem = storage.defineItem<Settings>('local:settings', { fallback: defaultSettings });

const sealedKeyItem = storage.defineItem<SealedSecret | null>('local:apiKeySealed', { fallback: null });
// storage.session is closed to content scripts by default (TRUSTED_CONTEXTS).
const sessionKeyItem = storage.defineItem<string | null>('session:apiKey', { fallback: null });
/**
 * When an update (or a reload) emptied storage.session and took a key kept for
 * the session only with it (epoch ms); null otherwise. Cleared once a key is
 * entered again. Pages read it to say why the key is gone.
 */
export const sessionKeyLostItem = storage.defineItem<number | null>('local:sessionKeyLost', { fallback: null });

/** Whether an install event finds a session-only key gone: only an update (or reload) empties storage.session under a set-up user. */
export function keyLostInUpdate(event: { readonly reason: string }, settings: Pick<Settings, 'keyInSessionOnly'>, apiKey: string): boolean {
  return event.reason === 'update' && settings.keyInSessionOnly && !apiKey;
}

/** At an install event: notes that the session-only key went with the update, for the popup and Options to say so. */
export async function noteKeyLostInUpdate(vault: KeyVault, event: { readonly reason: string }, now = Date.now()): Promise<boolean> {
  const { settings, apiKey } = await loadSettingsAndKey(vault);
  if (!keyLostInUpdate(event, settings, apiKey)) return false;
  await sessionKeyLostItem.setValue(now);
  return true;
}

/** Stored settings; a field a newer version added, or one that no longer validates, comes from the defaults. */
export async function loadSettings(): Promise<Settings> {
  await storageSettled();
  return repairSettings(await settingsItem.getValue());
}

/** The API key, or '' when none is set (or the sealed copy cannot be opened). */
export async function getApiKey(vault: KeyVault): Promise<string> {
  await storageSettled();
  const inSession = await sessionKeyItem.getValue();
  if (inSession) return inSession;
  const sealed = await sealedKeyItem.getValue();
  if (!isSealedSecret(sealed)) return '';
  return (await unseal(vault, sealed)) ?? '';
}

/**
 * Writes settings and key together after everything that can fail early has
 * run (sealing the key needs the vault): the settings and the sealed key go in
 * one storage.local write. A session-only key is written to storage.session
 * before, so the key is never missing from both places.
 */
export async function saveSettingsAndKey(vault: KeyVault, settings: Settings, apiKey: string): Promise<void> {
  await storageSettled();
  const k = apiKey.trim();
  const sessionOnly = settings.keyInSessionOnly;
  const sealed = k && !sessionOnly ? await seal(vault, k) : null;
  if (k && sessionOnly) await sessionKeyItem.setValue(k);
  await storage.setItems([
    { item: settingsItem, value: { ...settings } },
    { item: sealedKeyItem, value: sealed },
  ]);
  if (!k || !sessionOnly) await sessionKeyItem.removeValue();
  if (k) await sessionKeyLostItem.removeValue();
}

/** The settings and the key ('' when none), read together: what a client, or a cache scope, is made from. */
export async function loadSettingsAndKey(vault: KeyVault): Promise<{ readonly settings: Settings; readonly apiKey: string }> {
  const [settings, apiKey] = await Promise.all([loadSettings(), getApiKey(vault)]);
  return { settings, apiKey };
}

export async function hasApiKey(vault: KeyVault): Promise<boolean> {
  return (await getApiKey(vault)) !== '';
}

/** Fires when the key is set, moved or removed (never with the key itself). */
export function watchApiKey(cb: () => void): () => void {
  const a = sealedKeyItem.watch(() => cb());
  const b = sessionKeyItem.watch(() => cb());
  return () => {
    a();
    b();
  };
}
