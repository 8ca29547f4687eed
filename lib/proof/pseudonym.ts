import { storage } from 'wxt/utils/storage';
import { isSealedSecret, seal, unseal, type KeyVault, type SealedSecret } from '../settings/sealed-secret.ts';

/**
 * The web2Id the popup's "Prove my score to this site" uses: a random id per
 * site, made once and kept, so a site sees the same user each time but two
 * sites cannot link their ids. The map is sealed like the API key, because
 * storage.local is readable from content scripts: site B's page must not
 * read the id given to site A (nor the list of sites).
 */
const pseudonymsItem = storage.defineItem<SealedSecret | null>('local:sitePseudonyms', { fallback: null });

export function sitePseudonyms(vault: KeyVault, randomId: () => string = () => crypto.randomUUID()): (origin: string) => Promise<string> {
  let chain: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<Record<string, string>> => {
    const sealed = await pseudonymsItem.getValue();
    if (!isSealedSecret(sealed)) return {};
    const text = await unseal(vault, sealed);
    try {
      return text ? (JSON.parse(text) as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  return (origin) => {
    // One at a time, so two quick clicks cannot mint two ids for one site.
    const next = chain.then(async () => {
      const map = await read();
      const known = map[origin];
      if (known) return known;
      const id = `vp-${randomId()}`;
      await pseudonymsItem.setValue(await seal(vault, JSON.stringify({ ...map, [origin]: id })));
      return id;
    });
    chain = next.catch(() => undefined);
    return next;
  };
}
