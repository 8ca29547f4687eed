import { generateVaultKey, type KeyVault } from './sealed-secret.ts';

/**
 * The AES key in the extension origin's IndexedDB: reachable from the worker
 * and extension pages, not from content scripts (they run on the page's
 * origin). CryptoKey objects are structured-cloneable, so it is stored as is,
 * non-extractable.
 */
const DB = 'vantage-vault';
const STORE = 'keys';
const ID = 'api-key-seal';

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

export function indexedDbVault(): KeyVault {
  let key: Promise<CryptoKey> | undefined;
  const load = async () => {
    const db = await open();
    try {
      const found = await request(db.transaction(STORE).objectStore(STORE).get(ID));
      if (found instanceof CryptoKey) return found;
      const fresh = await generateVaultKey();
      // add(), not put(): if another context raced us, keep theirs.
      try {
        await request(db.transaction(STORE, 'readwrite').objectStore(STORE).add(fresh, ID));
        return fresh;
      } catch {
        return (await request(db.transaction(STORE).objectStore(STORE).get(ID))) as CryptoKey;
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
