import { storage } from 'wxt/utils/storage';
import { webOriginOf } from '../proof/origins.ts';

// Only real web origins (webOriginOf) are ever stored.

/** Sites the user chose to "always allow" to request proofs. */
export interface AllowedSite {
  /** scheme://host[:port], as the browser reported it. */
  readonly origin: string;
  /** Epoch ms. */
  readonly addedAt: number;
}

export const allowedSitesItem = storage.defineItem<readonly AllowedSite[]>('local:allowedSites', {
  fallback: [],
  version: 1,
});

export async function isSiteAllowed(origin: string): Promise<boolean> {
  const o = webOriginOf(origin);
  return o !== null && (await allowedSitesItem.getValue()).some((s) => s.origin === o);
}

export async function allowSite(origin: string, now = Date.now()): Promise<void> {
  const o = webOriginOf(origin);
  if (!o) throw new Error(`"${origin}" is not a web origin.`);
  const sites = await allowedSitesItem.getValue();
  if (sites.some((s) => s.origin === o)) return;
  await allowedSitesItem.setValue([...sites, { origin: o, addedAt: now }]);
}

export async function revokeSite(origin: string): Promise<void> {
  const sites = await allowedSitesItem.getValue();
  await allowedSitesItem.setValue(sites.filter((s) => s.origin !== origin));
}
