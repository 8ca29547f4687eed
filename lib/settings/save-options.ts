import { formatList } from '@/lib/format/list.ts';
import { t } from '@/lib/i18n/index.ts';
import { hostPatternsToRequest, type HostAccess } from './host-access.ts';
import type { KeyVault } from './sealed-secret.ts';
import type { SettingsDraft } from './form.ts';
import { apiKeyError, validateSettings, type Settings, type SettingsErrors } from './schema.ts';
import { saveSettingsAndKey } from './store.ts';

export type OptionsErrors = SettingsErrors & {
  readonly apiKey?: string;
  /** Host access was refused: nothing was saved. */
  readonly permissions?: string;
};

export type CheckedOptions =
  | { readonly ok: true; readonly settings: Settings; readonly apiKey: string }
  | { readonly ok: false; readonly errors: OptionsErrors };

/** Validates the whole form at once; synchronous, so a save can still ask for permissions from the click. */
export function checkOptions(draft: SettingsDraft): CheckedOptions {
  const { apiKey, ...fields } = draft;
  const result = validateSettings(fields);
  const keyError = apiKeyError(apiKey);
  const errors: OptionsErrors = { ...(result.ok ? {} : result.errors), ...(keyError ? { apiKey: keyError } : {}) };
  if (!result.ok || keyError) return { ok: false, errors };
  return { ok: true, settings: result.settings, apiKey: apiKey.trim() };
}

export interface SaveDeps {
  readonly vault: KeyVault;
  readonly hostAccess: HostAccess;
}

/**
 * Save, all or nothing: validate everything, ask for host access to the
 * service origins, then write settings and key, and give back host access
 * no longer needed. Call it straight from the
 * click handler (no await before it), so the permission prompt may show.
 */
export async function saveOptions(draft: SettingsDraft, deps: SaveDeps): Promise<CheckedOptions> {
  const checked = checkOptions(draft);
  if (!checked.ok) return checked;
  const patterns = hostPatternsToRequest(checked.settings);
  const granted = await deps.hostAccess.request(patterns).catch(() => false);
  if (!granted) {
    return {
      ok: false,
      errors: { permissions: t('settings.needsAccess', { hosts: formatList(patterns) }) },
    };
  }
  await saveSettingsAndKey(deps.vault, checked.settings, checked.apiKey);
  // Access to a service no longer configured (or only tried with Test connection) is given back.
  await deps.hostAccess.releaseAllBut(patterns).catch(() => undefined);
  return checked;
}
