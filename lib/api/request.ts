import { getOperation, type OperationId, type OperationSpec, type ParamsOf } from './catalog.ts';
import { isSecureHttpUrl } from './secure-url.ts';
import { validateParams } from './validate.ts';

/** The two configured service bases. */
export interface ServiceBases {
  /** Data API base, may carry a stage prefix: `https://api.example/dev`. */
  readonly dataBaseUrl: string;
  /** Integration API base, carries the version: `https://int.example/v1`. */
  readonly integrationBaseUrl: string;
}

export interface BuiltRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  /** JSON body for POST operations. */
  readonly body?: string;
}

/** Base URL without trailing slashes; throws for anything but http(s). */
export function normalizeBase(base: string): string {
  let url: URL;
  try {
    url = new URL(base.trim());
  } catch {
    throw new Error(`"${base}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${base}" must be an http(s) URL.`);
  if (url.search || url.hash) throw new Error(`"${base}" must not carry a query or fragment.`);
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

function baseFor(op: OperationSpec, bases: ServiceBases): string {
  const base = normalizeBase(op.api === 'data' ? bases.dataBaseUrl : bases.integrationBaseUrl);
  // Every request carries the key. Settings refuse such bases already; this holds for any other caller.
  const url = new URL(base);
  if (!isSecureHttpUrl(url)) throw new Error(`Refusing to send the API key over plain http to ${url.host}: use https.`);
  return base;
}

/**
 * True when `url` lies under `base` (same origin, path below the base path).
 * The API key is only ever attached to such URLs.
 */
export function isUnderBase(url: string, base: string): boolean {
  const u = new URL(url);
  const b = new URL(normalizeBase(base));
  if (u.origin !== b.origin) return false;
  const prefix = b.pathname.replace(/\/+$/, '');
  return u.pathname === prefix || u.pathname.startsWith(prefix + '/');
}

/**
 * Builds the request for an operation from its catalog entry: validates the
 * parameters, fills and encodes path parameters, appends set query
 * parameters, and serialises body parameters.
 */
export function buildRequest<Id extends OperationId>(id: Id, params: ParamsOf<Id>, bases: ServiceBases): BuiltRequest {
  const op: OperationSpec = getOperation(id);
  const values = validateParams(op, params as Record<string, unknown>);
  const base = baseFor(op, bases);
  let path = op.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const spec of op.params) {
    const v = values[spec.name];
    if (v === undefined) continue;
    if (spec.in === 'path') path = path.replace(`{${spec.name}}`, encodeURIComponent(String(v)));
    else if (spec.in === 'query') query.set(spec.name, String(v));
    else body[spec.name] = v;
  }
  const qs = query.toString();
  const url = base + path + (qs ? `?${qs}` : '');
  // Path parameters are encoded, so the result must still lie under the base.
  if (!isUnderBase(url, base)) throw new Error(`Refusing to build a URL outside the configured base for ${id}.`);
  return op.method === 'POST' ? { url, method: op.method, body: JSON.stringify(body) } : { url, method: op.method };
}
