/**
 * The scope of a cached answer: the service it came from and the account
 * (API key) it was fetched with. Answers are stored and looked up under their
 * scope, so an answer fetched from one service or with one key is never shown
 * for another.
 *
 * The scope names the key without holding it: an HMAC-SHA-256 of the two base
 * URLs and the key under a per-install secret kept in the extension's
 * IndexedDB (lib/settings/key-vault.ts), out of reach of content scripts. The
 * scope itself goes into storage.local (in every cache key), which they can
 * read: a plain hash of the key there would let them test guessed keys at the
 * cost of one SHA-256 each; without the secret they cannot test any.
 */
import type { Settings } from '@/lib/settings/schema.ts';

export type ServiceAddress = Pick<Settings, 'dataBaseUrl' | 'integrationBaseUrl'>;

export interface ScopeSecret {
  /** The HMAC-SHA-256 key, non-extractable, created on first use. */
  getKey(): Promise<CryptoKey>;
}

/** 128 bits: no two services or keys of one install will ever share a scope. */
const SCOPE_BYTES = 16;

export function generateScopeSecret(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** What a scope is made of, as bytes: a JSON array, so the parts keep their boundaries whatever characters they hold. */
export function scopeInput(service: ServiceAddress, apiKey: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify([service.dataBaseUrl, service.integrationBaseUrl, apiKey]));
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The scope of answers from `service` fetched with `apiKey` (hex). */
export async function cacheScope(service: ServiceAddress, apiKey: string, secret: CryptoKey): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', secret, scopeInput(service, apiKey)));
  return hex(mac.subarray(0, SCOPE_BYTES));
}

/** Where a cache key's entry is stored under a scope. */
export function scopedKey(scope: string, key: string): string {
  return `${scope}:${key}`;
}

/** Whether a stored key (as made by scopedKey) belongs to `scope`; with no scope, none does. */
export function inScope(scope: string | null): (storedKey: string) => boolean {
  return (storedKey) => scope !== null && storedKey.startsWith(`${scope}:`);
}
