/** Origins as the browser reports them, and which of them may ask for proofs. */
import { isSecureHttpUrl } from '../api/secure-url.ts';

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
