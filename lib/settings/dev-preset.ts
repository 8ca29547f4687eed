import type { KeyVault } from './sealed-secret.ts';
import type { Settings } from './schema.ts';
import { getApiKey, loadSettings, saveSettingsAndKey } from './store.ts';

/**
 * A development build (`npm start`) comes preconfigured for the local sandbox:
 * its demo key and a project that exists there. The key is baked in only when
 * the build was made with WXT_SANDBOX_API_KEY set in dev mode; a production
 * build carries none.
 */
export const DEV_PRESET_PROJECT = 'nebula';

export interface DevPresetState {
  /** The key the build was made with, if any. */
  readonly buildKey: string | undefined;
  readonly storedKey: string;
  readonly settings: Settings;
}

/** What to store, or null to leave the user's set-up alone (a stored key always wins). */
export function devPreset(state: DevPresetState): { readonly settings: Settings; readonly apiKey: string } | null {
  const key = state.buildKey?.trim();
  if (!key || state.storedKey) return null;
  return {
    apiKey: key,
    settings: state.settings.defaultProject ? state.settings : { ...state.settings, defaultProject: DEV_PRESET_PROJECT },
  };
}

/** Applies the preset to storage; true when it stored anything. */
export async function applyDevPreset(vault: KeyVault, buildKey: string | undefined): Promise<boolean> {
  if (!buildKey?.trim()) return false;
  const [storedKey, settings] = await Promise.all([getApiKey(vault), loadSettings()]);
  const preset = devPreset({ buildKey, storedKey, settings });
  if (!preset) return false;
  await saveSettingsAndKey(vault, preset.settings, preset.apiKey);
  return true;
}
