import { isRecord } from '@/lib/api/body.ts';
import { parseRule, MAX_RULES } from '@/lib/alerts/rule.ts';
import { parseSchedule } from '@/lib/alerts/schedule.ts';
import { isBadgeSetting } from '@/lib/badge/setting.ts';
import { isUiState } from '@/lib/stats/ui-state.ts';
import { webOriginOf } from '@/lib/proof/origins.ts';
import { PSEUDONYMS_KEY } from '@/lib/proof/pseudonym.ts';
import { isRecentLookup, RECENT_KEY } from '@/lib/score/recent.ts';
import { openSealedJson, sealJson } from '@/lib/settings/sealed-json.ts';
import { isListedSite, SITE_LISTS_KEY, type ListedSite, type SiteListName } from '@/lib/settings/site-lists.ts';
import { parseWatched, WATCH_LIMIT } from '@/lib/watch/watchlist.ts';
import { WATCHLIST_KEY } from '@/lib/watch/store.ts';
import type { Migration, MigrationContext } from '../area.ts';
import { recordSetAside, settingsSetAside, type NewRecord, type SetAsideSource } from '../set-aside.ts';

/**
 * Schema 1: the layouts of every build before it (0.1.0 and the pre-release
 * builds) into one. Each part writes the new form, then deletes the old one.
 *
 * - Builds before b9e826e (2026-11-23) kept the site lists as plain arrays
 *   (`allowedSites`, `blockedSites`) and the recent lookups as a plain array
 *   at `scoreRecent`. They move into the sealed stores, merged with what is
 *   sealed there already (a site stays on one list: what the sealed lists say
 *   wins, then blocked before allowed), and the plain copies are deleted.
 * - Settings of layout 1 (WXT's `settings$: { v: 1 }`, or none) get their
 *   renamed fields; WXT's per-item version marks (`<key>$`) are deleted.
 * - What no longer validates is set aside (lib/storage/set-aside.ts), never
 *   replaced silently; a sealed store this vault cannot open is recorded,
 *   then cleared.
 */

const PLAIN_LISTS: Readonly<Record<SiteListName, string>> = { allowed: 'allowedSites', blocked: 'blockedSites' };
const WXT_MARKS = ['settings$', 'badge$', 'statsUi$', 'alertRules$', 'alertState$', 'alertSchedule$', 'allowedSites$', 'blockedSites$'];

interface Split {
  readonly kept: unknown[];
  readonly rejected: unknown[];
}

/** Entries `keep` accepts (in their stored form), and the others. */
function splitEntries(items: readonly unknown[], keep: (v: unknown, kept: readonly unknown[]) => boolean): Split {
  const kept: unknown[] = [];
  const rejected: unknown[] = [];
  for (const item of items) (keep(item, kept) ? kept : rejected).push(item);
  return { kept, rejected };
}

const invalid = (source: SetAsideSource, value: unknown): NewRecord => ({ source, reason: 'invalid', value });
const unreadable = (source: SetAsideSource): NewRecord => ({ source, reason: 'unreadable' });

const isSite = (v: unknown): v is ListedSite => isListedSite(v) && webOriginOf(v.origin) === v.origin;

async function moveSiteLists(ctx: MigrationContext): Promise<void> {
  const stored = await ctx.local.get([SITE_LISTS_KEY, ...Object.values(PLAIN_LISTS)]);
  const records: NewRecord[] = [];
  const lists: Record<SiteListName, ListedSite[]> = { allowed: [], blocked: [] };
  let changed = false;

  const sealed = await openSealedJson(ctx.vault, stored[SITE_LISTS_KEY]);
  if (sealed.state === 'unreadable') {
    records.push(unreadable('siteLists'));
    changed = true;
  } else if (sealed.state === 'open') {
    if (!isRecord(sealed.json)) {
      records.push(invalid('siteLists', sealed.json));
      changed = true;
    } else {
      for (const name of ['blocked', 'allowed'] as const) {
        const raw = sealed.json[name];
        const { kept, rejected } = splitEntries(Array.isArray(raw) ? raw : raw === undefined ? [] : [raw], isSite);
        lists[name] = kept as ListedSite[];
        if (rejected.length) records.push(invalid('siteLists', rejected));
        changed ||= rejected.length > 0;
      }
    }
  }

  const listed = (origin: string) => lists.allowed.some((s) => s.origin === origin) || lists.blocked.some((s) => s.origin === origin);
  for (const name of ['blocked', 'allowed'] as const) {
    const raw = stored[PLAIN_LISTS[name]];
    if (raw === undefined) continue;
    changed = true;
    const { kept, rejected } = splitEntries(Array.isArray(raw) ? raw : [raw], isSite);
    if (rejected.length) records.push(invalid('siteLists', rejected));
    for (const site of kept as ListedSite[]) if (!listed(site.origin)) lists[name].push({ origin: site.origin, addedAt: site.addedAt });
  }
  if (!changed) return;
  await recordSetAside(ctx, records);
  await ctx.local.set({ [SITE_LISTS_KEY]: await sealJson(ctx.vault, lists) });
  await ctx.local.remove(Object.values(PLAIN_LISTS));
}

/**
 * A list-shaped sealed store: entries that no longer parse are set aside. A
 * plain array (an older build's layout) is sealed in its place, in one write.
 */
async function sealedList(ctx: MigrationContext, key: string, source: SetAsideSource, keep: (v: unknown, kept: readonly unknown[]) => boolean, plainAllowed: boolean): Promise<void> {
  const raw = (await ctx.local.get(key))[key];
  let items: unknown[];
  if (plainAllowed && Array.isArray(raw)) items = raw;
  else {
    const opened = await openSealedJson(ctx.vault, raw);
    if (opened.state === 'absent') return;
    if (opened.state === 'unreadable' || !Array.isArray(opened.json)) {
      await recordSetAside(ctx, [opened.state === 'unreadable' ? unreadable(source) : invalid(source, opened.json)]);
      await ctx.local.remove(key);
      return;
    }
    items = opened.json;
  }
  const { kept, rejected } = splitEntries(items, keep);
  if (!rejected.length && items !== raw) return;
  await recordSetAside(ctx, rejected.length ? [invalid(source, rejected)] : []);
  await ctx.local.set({ [key]: await sealJson(ctx.vault, kept) });
}

async function checkPseudonyms(ctx: MigrationContext): Promise<void> {
  const opened = await openSealedJson(ctx.vault, (await ctx.local.get(PSEUDONYMS_KEY))[PSEUDONYMS_KEY]);
  if (opened.state === 'absent') return;
  if (opened.state === 'unreadable' || !isRecord(opened.json)) {
    await recordSetAside(ctx, [opened.state === 'unreadable' ? unreadable('sitePseudonyms') : invalid('sitePseudonyms', opened.json)]);
    await ctx.local.remove(PSEUDONYMS_KEY);
    return;
  }
  const entries = Object.entries(opened.json);
  const bad = entries.filter(([, id]) => typeof id !== 'string');
  if (!bad.length) return;
  await recordSetAside(ctx, [invalid('sitePseudonyms', Object.fromEntries(bad))]);
  await ctx.local.set({ [PSEUDONYMS_KEY]: await sealJson(ctx.vault, Object.fromEntries(entries.filter(([, id]) => typeof id === 'string'))) });
}

/** Layout 1's names for what layout 2 renamed. */
interface SettingsV1 {
  readonly proofUrl?: unknown;
  readonly project?: unknown;
  readonly verify?: unknown;
}

async function settingsToV2(ctx: MigrationContext): Promise<void> {
  const stored = await ctx.local.get(['settings', 'settings$']);
  const raw = stored.settings;
  if (raw !== undefined) {
    const mark = stored['settings$'];
    const layout = isRecord(mark) && typeof mark.v === 'number' ? mark.v : 1;
    const records: NewRecord[] = [];
    if (!isRecord(raw)) records.push(invalid('settings', raw));
    const fields: Record<string, unknown> = isRecord(raw) ? { ...raw } : {};
    if (layout < 2) {
      const { proofUrl, project, verify } = fields as SettingsV1;
      delete fields.proofUrl;
      delete fields.project;
      delete fields.verify;
      fields.proofPageTemplate ??= proofUrl;
      fields.defaultProject ??= project;
      fields.verifyBeforeHandOver ??= verify;
      for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
    }
    const checked = settingsSetAside(fields);
    records.push(...checked.records);
    if (records.length || layout < 2) {
      await recordSetAside(ctx, records);
      await ctx.local.set({ settings: { ...checked.settings } });
    }
  }
  await ctx.local.remove('settings$');
}

export const migration001: Migration = {
  version: 1,
  name: 'plain-text site lists and recent lookups sealed; settings layout 2; WXT version marks gone; what no longer validates set aside',
  async migrate(ctx) {
    // A vault out of reach now must not make every sealed value look unreadable: fail, and run again later.
    await ctx.vault.getKey();
    await settingsToV2(ctx);
    await moveSiteLists(ctx);
    await sealedList(ctx, RECENT_KEY, 'scoreRecent', isRecentLookup, true);
    await sealedList(ctx, WATCHLIST_KEY.replace(/^local:/, ''), 'watchlist', (v, kept) => parseWatched(v) !== null && kept.length < WATCH_LIMIT, false);
    await checkPseudonyms(ctx);
    await alertRules(ctx);
    await wholeValue(ctx, 'alertSchedule', (v) => {
      try {
        parseSchedule(v);
        return true;
      } catch {
        return false;
      }
    });
    await wholeValue(ctx, 'badge', isBadgeSetting);
    await wholeValue(ctx, 'statsUi', isUiState);
    await ctx.local.remove(WXT_MARKS);
  },
};

async function alertRules(ctx: MigrationContext): Promise<void> {
  const raw = (await ctx.local.get('alertRules')).alertRules;
  if (raw === undefined) return;
  const ids = new Set<string>();
  const { kept, rejected } = splitEntries(Array.isArray(raw) ? raw : [raw], (v, k) => {
    try {
      const id = parseRule(v).id;
      if (ids.has(id) || k.length >= MAX_RULES) return false;
      ids.add(id);
      return true;
    } catch {
      return false;
    }
  });
  if (!rejected.length) return;
  await recordSetAside(ctx, [invalid('alertRules', rejected)]);
  await ctx.local.set({ alertRules: kept });
}

/**
 * A stored value read as a whole (its default stands in when it does not validate): one that no longer
 * validates is set aside, then removed, so the default the feature reads is what the user is told about.
 */
async function wholeValue(ctx: MigrationContext, key: 'alertSchedule' | 'badge' | 'statsUi', valid: (v: unknown) => boolean): Promise<void> {
  const raw = (await ctx.local.get(key))[key];
  if (raw === undefined || valid(raw)) return;
  await recordSetAside(ctx, [invalid(key, raw)]);
  await ctx.local.remove(key);
}
