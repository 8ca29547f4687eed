import { isRecord } from '@/lib/api/body.ts';
import { webOriginOf } from '@/lib/proof/origins.ts';
import { sealedJson } from './sealed-json.ts';
import type { KeyVault } from './sealed-secret.ts';

/**
 * The user's per-site proof decisions: sites always allowed (no consent
 * window) and sites blocked (refused at once, no window). A site is on at most
 * one list: putting it on one takes it off the other. Only real web origins
 * (webOriginOf) are ever stored. Sealed (lib/settings/sealed-json.ts): a page's
 * content script must not add its own site to the allowed list, nor learn which
 * sites the user allowed.
 */

export interface ListedSite {
  /** scheme://host[:port], as the browser reported it. */
  readonly origin: string;
  /** Epoch ms. */
  readonly addedAt: number;
}

export type SiteListName = 'allowed' | 'blocked';
export type Lists = Readonly<Record<SiteListName, readonly ListedSite[]>>;

export const SITE_LISTS_KEY = 'siteLists';
const EMPTY: Lists = { allowed: [], blocked: [] };

export function isListedSite(s: unknown): s is ListedSite {
  return isRecord(s) && typeof s.origin === 'string' && typeof s.addedAt === 'number';
}

function parseSites(v: unknown): readonly ListedSite[] {
  return Array.isArray(v) ? v.filter(isListedSite) : [];
}

function parseLists(v: unknown): Lists | null {
  return isRecord(v) ? { allowed: parseSites(v.allowed), blocked: parseSites(v.blocked) } : null;
}

export interface SiteLists {
  get(): Promise<Lists>;
  isListed(list: SiteListName, origin: string): Promise<boolean>;
  /** Puts the site on `list`, and off the other one. */
  list(list: SiteListName, origin: string, now?: number): Promise<void>;
  unlist(list: SiteListName, origin: string): Promise<void>;
  watch(cb: (lists: Lists) => void): () => void;
}

export function siteLists(vault: KeyVault): SiteLists {
  const store = sealedJson<Lists>(`local:${SITE_LISTS_KEY}`, vault, EMPTY, parseLists);
  return {
    get: () => store.get(),
    async isListed(list, origin) {
      const o = webOriginOf(origin);
      return o !== null && (await store.get())[list].some((s) => s.origin === o);
    },
    async list(list, origin, now = Date.now()) {
      const o = webOriginOf(origin);
      if (!o) throw new Error(`"${origin}" is not a web origin.`);
      await store.update((lists) => {
        const without = (l: SiteListName) => lists[l].filter((s) => s.origin !== o);
        const on = lists[list].some((s) => s.origin === o) ? lists[list] : [...lists[list], { origin: o, addedAt: now }];
        return list === 'allowed' ? { allowed: on, blocked: without('blocked') } : { allowed: without('allowed'), blocked: on };
      });
    },
    async unlist(list, origin) {
      await store.update((lists) => ({ ...lists, [list]: lists[list].filter((s) => s.origin !== origin) }));
    },
    watch: (cb) => store.watch(cb),
  };
}
