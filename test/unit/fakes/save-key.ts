import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { loadSettings, saveSettingsAndKey } from '@/lib/settings/store.ts';

/** Stores the API key as Options' Save does, the stored settings kept but for where the key lives. */
export async function saveKey(vault: KeyVault, key: string, sessionOnly = false): Promise<void> {
  await saveSettingsAndKey(vault, { ...(await loadSettings()), keyInSessionOnly: sessionOnly }, key);
}
