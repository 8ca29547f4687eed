import { storage } from 'wxt/utils/storage';
import { defaultSettings, type Settings } from './schema.ts';
import { isSealedSecret, seal, unseal, type KeyVault, type SealedSecret } from './sealed-secret.ts';

/**
 * Settings and secrets in extension storage, typed and versioned. Values read
 * from storage are never mutated (WXT hands fallbacks out by reference).
 */

/** Version 1 was the pre-release layout; kept so its installs migrate. */
export interface SettingsV1 {
  dataBaseUrl?: string;
  integrationBaseUrl?: string;
  proofUrl?: string;
  project?: string;
  scoreId?: string;
  minScore?: number | string;
  verify?: boolean;
}

export function migrateSettingsV1toV2(old: SettingsV1 | null | undefined): Settings {
  const v1 = old ?? {};
  const min = Number(v1.minScore);
  return {
    ...defaultSettings,
    ...(v1.dataBaseUrl ? { dataBaseUrl: v1.dataBaseUrl } : {}),
    ...(v1.integrationBaseUrl ? { integrationBaseUrl: v1.integrationBaseUrl } : {}),
    ...(v1.proofUrl ? { proofPageTemplate: v1.proofUrl } : {}),
    ...(v1.project ? { defaultProject: v1.project } : {}),
    ...(v1.scoreId ? { scoreId: v1.scoreId } : {}),
    ...(Number.isInteger(min) && min >= 0 ? { minScore: min } : {}),
    ...(typeof v1.verify === 'boolean' ? { verifyBeforeHandOver: v1.verify } : {}),
  };
}

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: defaultSettings,
  version: 2,
  migrations: { 2: migrateSettingsV1toV2 },
});

const sealedKeyItem = storage.defineItem<SealedSecret | null>('local:apiKeySealed', { fallback: null });
// storage.session is closed to content scripts by default (TRUSTED_CONTEXTS).
const sessionKeyItem = storage.defineItem<string | null>('session:apiKey', { fallback: null });

/** Settings with any field a newer version added filled from the defaults. */
export async function loadSettings(): Promise<Settings> {
  return { ...defaultSettings, ...(await settingsItem.getValue()) };
}

export function saveSettings(s: Settings): Promise<void> {
  return settingsItem.setValue({ ...s });
}

export function watchSettings(cb: (s: Settings) => void): () => void {
  return settingsItem.watch((s) => cb({ ...defaultSettings, ...s }));
}

/** The API key, or '' when none is set (or the sealed copy cannot be opened). */
export async function getApiKey(vault: KeyVault): Promise<string> {
  const inSession = await sessionKeyItem.getValue();
  if (inSession) return inSession;
  const sealed = await sealedKeyItem.getValue();
  if (!isSealedSecret(sealed)) return '';
  return (await unseal(vault, sealed)) ?? '';
}

/** Stores the key in exactly one place; an empty key removes it. */
export async function setApiKey(vault: KeyVault, key: string, sessionOnly: boolean): Promise<void> {
  const k = key.trim();
  if (!k) {
    await Promise.all([sessionKeyItem.removeValue(), sealedKeyItem.removeValue()]);
    return;
  }
  if (sessionOnly) {
    await sessionKeyItem.setValue(k);
    await sealedKeyItem.removeValue();
  } else {
    await sealedKeyItem.setValue(await seal(vault, k));
    await sessionKeyItem.removeValue();
  }
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
