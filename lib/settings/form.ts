import type { Settings } from './schema.ts';

/**
 * The Options form as a person fills it in: every settings field as typed
 * (text fields as strings, checkboxes as booleans) and the API key. Save
 * checks it whole (save-options.ts); Test connection sends a part of it
 * (connection.ts).
 */
export type SettingsDraft = { readonly [K in keyof Settings]: Settings[K] extends boolean ? boolean : string } & {
  readonly apiKey: string;
};

/** The form showing stored settings and key. */
export function toDraft(s: Settings, apiKey: string): SettingsDraft {
  const out: Record<string, string | boolean> = { apiKey };
  for (const [k, v] of Object.entries(s)) out[k] = typeof v === 'boolean' ? v : String(v);
  return out as SettingsDraft;
}

/** True when two drafts differ, blanks around text aside (drives the "unsaved changes" note). */
export function draftDiffers(a: SettingsDraft, b: SettingsDraft): boolean {
  return (Object.keys(a) as (keyof SettingsDraft)[]).some((k) => String(a[k]).trim() !== String(b[k]).trim());
}
