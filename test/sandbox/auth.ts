/**
 * The sandbox's API-key check, shared by the data and integration APIs.
 * Keys are kept only as keyed hashes (HMAC-SHA-256 under a random per-store
 * secret) and compared in constant time; nothing here logs a key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The documented development key the dev build of the extension is preconfigured with. */
export const DEFAULT_API_KEY = 'vantage-sandbox-demo-key';
export const API_KEY_HEADER = 'x-apikey';

export interface KeyStore {
  /** True when `key` is one of the store's keys. */
  check(key: string): boolean;
  /** True when the request carries a valid x-apikey header. */
  isAuthorized(req: IncomingMessage): boolean;
  /** Why a request is refused: 'missing' or 'invalid'; undefined when authorised. */
  refusal(req: IncomingMessage): 'missing' | 'invalid' | undefined;
}

export function headerKey(req: IncomingMessage): string | undefined {
  const v = req.headers[API_KEY_HEADER];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

export function createKeyStore(keys: readonly string[]): KeyStore {
  const secret = randomBytes(32);
  const digest = (k: string) => createHmac('sha256', secret).update(k, 'utf8').digest();
  const hashes = keys.filter((k) => k.length > 0).map(digest);
  const check = (key: string) => {
    const h = digest(key);
    let ok = false;
    for (const stored of hashes) ok = timingSafeEqual(stored, h) || ok;
    return ok;
  };
  const refusal: KeyStore['refusal'] = (req) => {
    const key = headerKey(req);
    if (key === undefined) return 'missing';
    return check(key) ? undefined : 'invalid';
  };
  return { check, refusal, isAuthorized: (req) => refusal(req) === undefined };
}
