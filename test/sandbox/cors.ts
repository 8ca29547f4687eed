/**
 * Who may use the sandbox from a browser, by the request's Origin header.
 *
 * - none: Node code, curl, a dApp's server (and browsers' same-origin GETs): answered.
 * - own: an http origin whose host the sandbox answers (the proof page): answered, with CORS.
 * - extension: `chrome-extension:` / `moz-extension:` pages and workers (the Vantage
 *   extension; its host permissions let it skip CORS, but it sends its Origin): answered, with CORS.
 * - allowed: a web origin opted in with --cors-origin: answered, with CORS.
 * - foreign: any other web origin, `null` included: no CORS headers, so the browser hides the
 *   answer, and anything but GET/HEAD is refused (a form POST needs no preflight).
 *
 * The Private Network Access opt-in (`Access-Control-Allow-Private-Network`) is only sent
 * when asked for with --allow-private-network.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HostCheck } from './host-check.ts';

export type OriginKind = 'none' | 'own' | 'extension' | 'allowed' | 'foreign';

export interface OriginPolicyOptions {
  /** Web origins given CORS access (--cors-origin), e.g. `https://app.example`. */
  readonly corsOrigins?: readonly string[];
  /** Answer Private Network Access preflights for origins with CORS access (--allow-private-network). */
  readonly allowPrivateNetwork?: boolean;
}

export interface OriginPolicy {
  classify(origin: string | undefined): OriginKind;
  /** Sets the CORS headers the request's origin gets (on a preflight, the allowed methods and headers too). */
  applyCors(req: IncomingMessage, res: ServerResponse, kind: OriginKind): void;
}

const EXTENSION_SCHEMES = new Set(['chrome-extension:', 'moz-extension:']);
/** What a foreign origin may send: reads, whose answers its page cannot see without CORS headers. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'x-apikey, content-type',
  'Access-Control-Max-Age': '600',
};

function parseOrigin(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** A --cors-origin value as the exact origin browsers send; throws unless it is an http(s) origin. */
export function corsOrigin(value: string): string {
  const url = parseOrigin(value.trim());
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`--cors-origin: not a web origin (scheme://host[:port], no path): ${value}`);
  }
  return url.origin;
}

/** Adds a token to the response's Vary header, keeping those already set. */
export function appendVary(res: ServerResponse, token: string): void {
  const current = res.getHeader('Vary');
  res.setHeader('Vary', current === undefined ? token : `${String(current)}, ${token}`);
}

export function createOriginPolicy(isOwnHost: HostCheck, opts: OriginPolicyOptions = {}): OriginPolicy {
  const allowed = new Set((opts.corsOrigins ?? []).map(corsOrigin));
  const classify = (origin: string | undefined): OriginKind => {
    if (origin === undefined) return 'none';
    const url = parseOrigin(origin);
    if (!url) return 'foreign'; // `null` included
    if (EXTENSION_SCHEMES.has(url.protocol)) return 'extension'; // (URL gives these the origin "null")
    if (url.origin !== origin) return 'foreign'; // not an origin as browsers send it
    if (url.protocol === 'http:' && isOwnHost(url.host)) return 'own';
    return allowed.has(origin) ? 'allowed' : 'foreign';
  };
  return {
    classify,
    applyCors(req, res, kind) {
      appendVary(res, 'Origin'); // answers differ by Origin: caches must not share them
      if (kind === 'none' || kind === 'foreign') return;
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin!);
      if (req.method !== 'OPTIONS') return;
      for (const [name, value] of Object.entries(PREFLIGHT_HEADERS)) res.setHeader(name, value);
      if (opts.allowPrivateNetwork && req.headers['access-control-request-private-network'] === 'true') {
        res.setHeader('Access-Control-Allow-Private-Network', 'true');
      }
    },
  };
}
