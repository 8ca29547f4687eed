import type { Settings } from './schema.ts';

/** Settings as the Options form holds them: text fields as typed, checkboxes as booleans. */
export type FormValues = { [K in keyof Settings]: Settings[K] extends boolean ? boolean : string };

export function toFormValues(s: Settings): FormValues {
  const out: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(s)) out[k] = typeof v === 'boolean' ? v : String(v);
  return out as FormValues;
}

/** True when the form differs from what is stored (drives the "unsaved changes" note). */
export function formDiffers(a: FormValues, b: FormValues, keyA: string, keyB: string): boolean {
  return keyA.trim() !== keyB.trim() || (Object.keys(a) as (keyof FormValues)[]).some((k) => String(a[k]).trim() !== String(b[k]).trim());
}
