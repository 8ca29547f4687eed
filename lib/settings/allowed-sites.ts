import { storage } from 'wxt/utils/storage';

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

/** Only real web origins are ever stored. */
export function canonicalOrigin(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

export function listAllowedSites(): Promise<readonly AllowedSite[]> {
  return allowedSitesItem.getValue();
}

export async function isSiteAllowed(origin: string): Promise<boolean> {
  const o = canonicalOrigin(origin);
  return o !== null && (await allowedSitesItem.getValue()).some((s) => s.origin === o);
}

export async function allowSite(origin: string, now = Date.now()): Promise<void> {
  const o = canonicalOrigin(origin);
  if (!o) throw new Error(`"${origin}" is not a web origin.`);
  const sites = await allowedSitesItem.getValue();
  if (sites.some((s) => s.origin === o)) return;
  await allowedSitesItem.setValue([...sites, { origin: o, addedAt: now }]);
}

export async function revokeSite(origin: string): Promise<void> {
  const sites = await allowedSitesItem.getValue();
  await allowedSitesItem.setValue(sites.filter((s) => s.origin !== origin));
}
