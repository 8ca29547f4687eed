/** Origins as the browser reports them, and which of them may ask for proofs. */
import { isSecureHttpUrl } from '@/lib/api/secure-url.ts';

/** scheme://host[:port] of an http(s) URL, or null. */
export function webOriginOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Secure contexts only: https, or plain http on the loopback host (local
 * development). A proof handed to a plain-http site could be read or
 * replaced by anyone on the network path.
 */
export function mayRequestProofs(origin: string): boolean {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false;
  }
  return isSecureHttpUrl(u);
}

/** A proof session id as it may stand in a URL path unescaped (UUIDs, base64url…): no `..`, no `/`. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function isSessionId(v: string): boolean {
  return SESSION_ID.test(v);
}

/**
 * The proof page address the service sent, accepted only on the service's own
 * origins (those of the proof page template and the integration base) and only
 * over https or on loopback: a tampered answer must not open a look-alike page
 * where the user is told to connect a wallet. Null when refused.
 */
export function serviceProofPage(url: string, serviceUrls: readonly string[]): string | null {
  const origin = webOriginOf(url);
  if (!origin || !mayRequestProofs(origin)) return null;
  const own = serviceUrls.map((u) => webOriginOf(u.replace(/\{sessionId\}/g, 'x')));
  return own.includes(origin) ? new URL(url).href : null;
}
