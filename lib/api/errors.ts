import type { OperationId } from './catalog.ts';

/**
 * Every way a call can fail, as one serialisable discriminant: errors cross
 * from the background worker to extension pages as plain data.
 */
export type ApiErrorKind =
  | 'invalid-params' // rejected before sending
  | 'not-configured' // no API key or base URL
  | 'key-rejected' // 401/403, or a 200 body saying the key is bad
  | 'rate-limited' // 429
  | 'not-found' // 404: unknown project/session, or a wrong base URL
  | 'client-error' // other 4xx
  | 'server-error' // 5xx
  | 'network' // fetch failed: unreachable, DNS, CORS, offline
  | 'timeout'
  | 'redirected' // a 3xx: never followed, since the key would go along to wherever it points
  | 'aborted' // cancelled by the caller
  | 'bad-response'; // not JSON, or not the documented shape

export interface ApiErrorInfo {
  readonly kind: ApiErrorKind;
  readonly message: string;
  readonly operation?: OperationId;
  readonly status?: number;
  /** For rate-limited answers: epoch ms at which the service said to retry. */
  readonly retryAt?: number;
  /** For invalid-params: which parameter. */
  readonly param?: string;
}

export class ApiError extends Error implements ApiErrorInfo {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly operation?: OperationId;
  readonly status?: number;
  readonly retryAt?: number;
  readonly param?: string;

  constructor(info: ApiErrorInfo) {
    super(info.message);
    this.kind = info.kind;
    this.operation = info.operation;
    this.status = info.status;
    this.retryAt = info.retryAt;
    this.param = info.param;
  }

  toInfo(): ApiErrorInfo {
    const { kind, message, operation, status, retryAt, param } = this;
    return { kind, message, operation, status, retryAt, param };
  }
}

/** Plain data for any thrown value, safe to post in a message. */
export function toErrorInfo(e: unknown): ApiErrorInfo {
  if (e instanceof ApiError) return e.toInfo();
  if (e instanceof Error && e.name === 'AbortError') return { kind: 'aborted', message: 'The request was cancelled.' };
  return { kind: 'bad-response', message: e instanceof Error ? e.message : String(e) };
}

/** Kinds worth trying again after a pause (GET only). */
export function isRetryable(kind: ApiErrorKind): boolean {
  return kind === 'rate-limited' || kind === 'server-error' || kind === 'network' || kind === 'timeout';
}

/**
 * What to tell a person, with the way out. `now` is injected so the
 * "retrying at" time is testable.
 */
export function describeError(info: ApiErrorInfo, now = Date.now()): string {
  switch (info.kind) {
    case 'not-configured':
      return 'Vantage is not set up yet: add your API key in Options.';
    case 'key-rejected':
      return 'The service rejected the API key. Check it in Options.';
    case 'rate-limited': {
      if (info.retryAt && info.retryAt > now) {
        const at = new Date(info.retryAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
        return `The service is rate-limiting requests; retrying at ${at}.`;
      }
      return 'The service is rate-limiting requests; retrying shortly.';
    }
    case 'network':
      return 'The service is unreachable. Check your connection and the base URL in Options.';
    case 'timeout':
      return 'The service took too long to answer.';
    case 'server-error':
      return `The service failed (${info.status ?? 'error'}): ${info.message}`;
    default:
      return info.message;
  }
}
