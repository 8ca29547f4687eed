import { isRecord } from '@/lib/api/body.ts';
import { checkStoredSettings, type Settings } from '@/lib/settings/schema.ts';
import { openSealedJson, sealJson, sealedJson, type SealedJson } from '@/lib/settings/sealed-json.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import type { MigrationContext } from './area.ts';
import { SET_ASIDE_KEY } from './schema.ts';

/**
 * What Vantage kept aside instead of replacing it silently: a stored value
 * that no longer validates (a setting, entries of a list), or a sealed store
 * that could not be opened at all. Options shows each record under "Needs
 * your attention" until the user puts the value back or dismisses it.
 * Sealed (lib/settings/sealed-json.ts): entries of sealed lists land here.
 */

/** The stored item a record comes from. */
export type SetAsideSource =
  'settings' | 'siteLists' | 'scoreRecent' | 'watchlist' | 'sitePseudonyms' | 'alertRules' | 'alertSchedule' | 'badge' | 'statsUi'
  | 'proofHistory' | 'pinnedProjects';
export const SET_ASIDE_SOURCES: readonly SetAsideSource[] = [
  'settings', 'siteLists', 'scoreRecent', 'watchlist', 'sitePseudonyms', 'alertRules', 'alertSchedule', 'badge', 'statsUi',
  'proofHistory', 'pinnedProjects',
];

export interface SetAsideRecord {
  /** The same value set aside twice (a migration run again) is one record. */
  readonly id: string;
  readonly source: SetAsideSource;
  /** invalid: kept here as it was stored; unreadable: sealed under a key that is gone (or damaged), so dropped. */
  readonly reason: 'invalid' | 'unreadable';
  /** For a setting: which field. */
  readonly field?: string;
  /** What was set aside, as stored (absent when unreadable). For a list, the entries set aside. */
  readonly value?: unknown;
  /** Epoch ms. */
  readonly at: number;
}

export type NewRecord = Omit<SetAsideRecord, 'id' | 'at'>;

/** A short, stable id for what a record holds (FNV-1a over its JSON). */
function recordId(r: NewRecord): string {
  const text = JSON.stringify([r.source, r.reason, r.field ?? '', r.value ?? null]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${r.source}-${h.toString(36)}`;
}

function isRecordOf(v: unknown): v is SetAsideRecord {
  return isRecord(v) && typeof v.id === 'string' && SET_ASIDE_SOURCES.includes(v.source as SetAsideSource)
    && (v.reason === 'invalid' || v.reason === 'unreadable') && typeof v.at === 'number'
    && (v.field === undefined || typeof v.field === 'string');
}

export function parseSetAside(v: unknown): SetAsideRecord[] | null {
  return Array.isArray(v) ? v.filter(isRecordOf) : null;
}

/** `list` with the new records added, each once. */
export function withRecords(list: readonly SetAsideRecord[], added: readonly NewRecord[], at: number): SetAsideRecord[] {
  const out = [...list];
  for (const r of added) {
    const id = recordId(r);
    if (!out.some((x) => x.id === id)) out.push({ ...r, id, at });
  }
  return out;
}

/**
 * Adds records from a migration (raw storage, under the migration lock).
 * Always before the value is removed from where it was: a stop in between
 * leaves it in both places, never in neither.
 */
export async function recordSetAside(ctx: MigrationContext, added: readonly NewRecord[]): Promise<void> {
  if (!added.length) return;
  const opened = await openSealedJson(ctx.vault, (await ctx.local.get(SET_ASIDE_KEY))[SET_ASIDE_KEY]);
  const list = opened.state === 'open' ? (parseSetAside(opened.json) ?? []) : [];
  const next = withRecords(list, added, ctx.now());
  if (next.length !== list.length) await ctx.local.set({ [SET_ASIDE_KEY]: await sealJson(ctx.vault, next) });
}

/** The records as extension pages read and change them. */
export function setAsideStore(vault: KeyVault): SealedJson<readonly SetAsideRecord[]> {
  return sealedJson<readonly SetAsideRecord[]>(`local:${SET_ASIDE_KEY}`, vault, [], parseSetAside);
}

/** Removes records by id; the key goes with the last one (the popup only looks whether it is there). */
export async function dismissSetAside(store: SealedJson<readonly SetAsideRecord[]>, ids: readonly string[]): Promise<void> {
  const left = await store.update((list) => list.filter((r) => !ids.includes(r.id)));
  if (!left.length) await store.clear();
}

/** Stored settings split into what stays (valid fields, defaults for the rest) and a record per field set aside. */
export function settingsSetAside(stored: unknown): { readonly settings: Settings; readonly records: NewRecord[] } {
  const { settings, invalid } = checkStoredSettings(stored);
  if (!isRecord(stored)) return { settings, records: [{ source: 'settings', reason: 'invalid', value: stored }] };
  return { settings, records: Object.entries(invalid).map(([field, value]) => ({ source: 'settings', reason: 'invalid', field, value })) };
}

/**
 * Sets aside the stored settings' fields that no longer validate (damaged
 * storage, a value put there by hand), keeping the rest. Options runs it when
 * it opens: it is the one page that writes settings.
 */
export async function setAsideInvalidSettings(ctx: MigrationContext): Promise<boolean> {
  const stored = (await ctx.local.get('settings')).settings;
  if (stored === undefined) return false;
  const { settings, records } = settingsSetAside(stored);
  if (!records.length) return false;
  await recordSetAside(ctx, records);
  await ctx.local.set({ settings: { ...settings } });
  return true;
}
