/**
 * Seals the API key with AES-GCM before it touches storage.local, which
 * content scripts (and so a compromised page renderer) can read. The AES key
 * is non-extractable and lives where content scripts cannot reach (see
 * key-vault.ts).
 */

export interface SealedSecret {
  readonly v: 1;
  /** base64 IV and ciphertext. */
  readonly iv: string;
  readonly data: string;
}

export interface KeyVault {
  /** The AES-GCM key, created on first use. */
  getKey(): Promise<CryptoKey>;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

function toB64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromB64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function seal(vault: KeyVault, secret: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await vault.getKey(), enc.encode(secret));
  return { v: 1, iv: toB64(iv), data: toB64(new Uint8Array(data)) };
}

/** The secret, or null when it cannot be opened (vault lost, data damaged). */
export async function unseal(vault: KeyVault, sealed: SealedSecret): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromB64(sealed.iv) },
      await vault.getKey(),
      fromB64(sealed.data),
    );
    return dec.decode(plain);
  } catch {
    return null;
  }
}

export function isSealedSecret(v: unknown): v is SealedSecret {
  return typeof v === 'object' && v !== null && (v as SealedSecret).v === 1
    && typeof (v as SealedSecret).iv === 'string' && typeof (v as SealedSecret).data === 'string';
}

export function generateVaultKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}
