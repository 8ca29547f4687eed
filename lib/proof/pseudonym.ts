import { isRecord } from '@/lib/api/body.ts';
import { sealedJson } from '@/lib/settings/sealed-json.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';

/**
 * The web2Id the popup's "Prove my score to this site" uses: a random id per
 * site, made once and kept, so a site sees the same user each time but two
 * sites cannot link their ids. The map is sealed (lib/settings/sealed-json.ts):
 * site B's page must not read the id given to site A, nor the list of sites.
 */
export const PSEUDONYMS_KEY = 'sitePseudonyms';

function parseIds(v: unknown): Record<string, string> | null {
  return isRecord(v) && Object.values(v).every((id) => typeof id === 'string') ? (v as Record<string, string>) : null;
}

export function sitePseudonyms(vault: KeyVault, randomId: () => string = () => crypto.randomUUID()): (origin: string) => Promise<string> {
  const ids = sealedJson<Record<string, string>>(`local:${PSEUDONYMS_KEY}`, vault, {}, parseIds);
  // One update at a time, so two quick clicks cannot mint two ids for one site.
  return async (origin) => (await ids.update((map) => (Object.hasOwn(map, origin) ? map : { ...map, [origin]: `vp-${randomId()}` })))[origin]!;
}
