import { integrationOperations, type OperationSpec } from '@/lib/api/catalog.ts';

/** The integration API's version prefix: the service carries `v1` in its base address (docs/service.md). */
export const INTEGRATION_BASE_PATH = '/v1';

export interface MatchedOperation {
  readonly op: OperationSpec;
  /** Path parameters by catalog name, URL-decoded. */
  readonly pathParams: Readonly<Record<string, string>>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

// One matcher per catalog operation: literal segments verbatim, `{name}` as one path segment.
const matchers = integrationOperations.map((op) => {
  const names: string[] = [];
  const source = op.path.split(/(\{[^}]+\})/).map((part) => {
    const param = /^\{([^}]+)\}$/.exec(part);
    if (!param) return escapeRegExp(part);
    names.push(param[1] as string);
    return '([^/]+)';
  }).join('');
  return { op, names, pattern: new RegExp(`^${source}$`) };
});

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The catalog operation a request path names. The `/v1` prefix is optional
 * here, so the handler works whether or not the server strips it.
 */
export function matchIntegrationOperation(pathname: string): MatchedOperation | undefined {
  const path = pathname.startsWith(`${INTEGRATION_BASE_PATH}/`) ? pathname.slice(INTEGRATION_BASE_PATH.length) : pathname;
  for (const { op, names, pattern } of matchers) {
    const m = pattern.exec(path);
    if (!m) continue;
    const pathParams: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const value = decode(m[i + 1] as string);
      if (value === undefined) return undefined;
      pathParams[name] = value;
    }
    return { op, pathParams };
  }
  return undefined;
}

/**
 * A query string as a parameter object (the first value of a repeated name wins).
 * Every name becomes an own property, `constructor` and `__proto__` included,
 * and none is mistaken for one inherited from Object.prototype.
 */
export function queryParams(url: URL): Record<string, string> {
  const first = new Map<string, string>();
  for (const [k, v] of url.searchParams) if (!first.has(k)) first.set(k, v);
  return Object.fromEntries(first);
}
