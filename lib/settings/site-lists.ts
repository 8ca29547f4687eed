import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { webOriginOf } from '../proof/origins.ts';

/**
 * The user's per-site proof decisions: sites always allowed (no consent
 * window) and sites blocked (refused at once, no window). A site is on at most
 * one list: putting it on one takes it off the other. Only real web origins
 * (webOriginOf) are ever stored.
 */

export interface ListedSite {
  /** scheme://host[:port], as the browser reported it. */
  readonly origin: string;
  /** Epoch ms. */
  readonly addedAt: number;
}

export type SiteListName = 'allowed' | 'blocked';

export const siteListItems: Readonly<Record<SiteListName, WxtStorageItem<readonly ListedSite[], Record<string, never>>>> = {
  allowed: storage.defineItem<readonly ListedSite[]>('local:allowedSites', { fallback: [], version: 1 }),
  blocked: storage.defineItem<readonly ListedSite[]>('local:blockedSites', { fallback: [], version: 1 }),
};

function originOrThrow(origin: string): string {
  const o = webOriginOf(origin);
  if (!o) throw new Error(`"${origin}" is not a web origin.`);
  return o;
}

export async function isListed(list: SiteListName, origin: string): Promise<boolean> {
  const o = webOriginOf(origin);
  return o !== null && (await siteListItems[list].getValue()).some((s) => s.origin === o);
}

/** Puts the site on `list`, and off the other one. */
export async function listSite(list: SiteListName, origin: string, now = Date.now()): Promise<void> {
  const o = originOrThrow(origin);
  await unlistSite(list === 'allowed' ? 'blocked' : 'allowed', o);
  const sites = await siteListItems[list].getValue();
  if (sites.some((s) => s.origin === o)) return;
  await siteListItems[list].setValue([...sites, { origin: o, addedAt: now }]);
}

export async function unlistSite(list: SiteListName, origin: string): Promise<void> {
  const sites = await siteListItems[list].getValue();
  if (sites.some((s) => s.origin === origin)) await siteListItems[list].setValue(sites.filter((s) => s.origin !== origin));
}
