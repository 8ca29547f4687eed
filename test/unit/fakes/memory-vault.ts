import { generateVaultKey, type KeyVault } from '@/lib/settings/sealed-secret.ts';

/** A key kept in memory, created on first use: stands in for the IndexedDB keys of lib/settings/key-vault.ts. */
export function memoryKey(generate: () => Promise<CryptoKey>): { getKey(): Promise<CryptoKey> } {
  let key: Promise<CryptoKey> | undefined;
  return { getKey: () => (key ??= generate()) };
}

/** A vault that keeps its key in memory. */
export function memoryVault(): KeyVault {
  return memoryKey(generateVaultKey);
}
