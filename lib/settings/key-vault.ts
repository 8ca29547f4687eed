import { generateScopeSecret, type ScopeSecret } from '@/lib/cache/scope.ts';
import { generateVaultKey, type KeyVault } from './sealed-secret.ts';

/**
 * The extension's own keys in its origin's IndexedDB: reachable from the
 * worker and extension pages, not from content scripts (they run on the
 * page's origin). CryptoKey objects are structured-cloneable, so they are
 * stored as they are, non-extractable.
 */
const DB = 'vantage-vault';
const STORE = 'keys';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

async function open(): Promise<IDBDatabase> {
  const r = indexedDB.open(DB, 1);
  r.onupgradeneeded = () => r.result.createObjectStore(STORE);
  return request(r);
}

/** The key stored under `id`, created with `generate` on first use. */
function storedKey(id: string, generate: () => Promise<CryptoKey>): { getKey(): Promise<CryptoKey> } {
  let key: Promise<CryptoKey> | undefined;
  const load = async () => {
    const db = await open();
    try {
      const found = await request(db.transaction(STORE).objectStore(STORE).get(id));
      if (found instanceof CryptoKey) return found;
      const fresh = await generate();
      // add(), not put(): if another context raced us, keep theirs.
      try {
        await request(db.transaction(STORE, 'readwrite').objectStore(STORE).add(fresh, id));
        return fresh;
      } catch {
        return (await request(db.transaction(STORE).objectStore(STORE).get(id))) as CryptoKey;
      }
    } finally {
      db.close();
    }
  };
  return {
    getKey: () => {
      key ??= load().catch((e) => {
        key = undefined;
        throw e;
      });
      return key;
    },
  };
}

/** The AES key that seals the API key (sealed-secret.ts). */
export function indexedDbVault(): KeyVault {
  return storedKey('api-key-seal', generateVaultKey);
}

/** The HMAC key cache scopes are derived under (lib/cache/scope.ts). */
export function indexedDbScopeSecret(): ScopeSecret {
  return storedKey('cache-scope', generateScopeSecret);
}
