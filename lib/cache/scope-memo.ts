/**
 * The cache scope last worked out, kept for the browser session
 * (storage.session: memory only, closed to content scripts) with a digest of
 * what it was worked out from. Working a scope out opens the extension's
 * IndexedDB for its secret (lib/cache/scope.ts): on a cold popup open both the
 * worker and the page did so before the first numbers could show. With the
 * memo they read one more storage item, in the same round as the settings and
 * key, and compare digests.
 *
 * It holds no secret: the scope is already in every cache key in
 * storage.local, and the digest (SHA-256 of the two base URLs and the key) is
 * kept where only the extension's own pages and worker can read it, as the
 * key itself may be (a key kept for the session only).
 */
import { storage } from 'wxt/utils/storage';
import { hex, scopeInput, type ServiceAddress } from './scope.ts';

export interface ScopeMemo {
  /** inputsDigest() of the settings and key the scope was worked out from. */
  readonly of: string;
  readonly scope: string;
}

export const scopeMemoItem = storage.defineItem<ScopeMemo | null>('session:scopeMemo', { fallback: null });

/** SHA-256 (hex) of what a scope is made of. */
export async function inputsDigest(service: ServiceAddress, apiKey: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', scopeInput(service, apiKey))));
}

/** The memo's scope when it was worked out from exactly these inputs; null otherwise (none, another, or not a memo). */
export function memoScope(memo: unknown, of: string): string | null {
  if (typeof memo !== 'object' || memo === null) return null;
  const m = memo as Partial<ScopeMemo>;
  return m.of === of && typeof m.scope === 'string' && m.scope !== '' ? m.scope : null;
}
