import { formatClockSeconds } from '@/lib/format/date.ts';
import { t } from '@/lib/i18n/index.ts';
import { cleanServiceText } from './body.ts';
import type { OperationId } from './catalog.ts';

/**
 * Every way a call can fail, as one serialisable discriminant: errors cross
 * from the background worker to extension pages as plain data.
 */
export type ApiErrorKind =
  | 'invalid-params' // rejected before sending
  | 'not-configured' // no API key or base URL
  | 'key-rejected' // the service said the key is bad, or a 401/403 gave no other reason
  | 'refused' // 401/403, or an error body with HTTP 200, giving a reason that is not the key
  | 'rate-limited' // 429
  | 'not-found' // 404: unknown project/session, or a wrong base URL
  | 'client-error' // other 4xx
  | 'server-error' // 5xx
  | 'network' // fetch failed: unreachable, DNS, CORS, offline
  | 'timeout'
  | 'redirected' // a 3xx: never followed, since the key would go along to wherever it points
  | 'aborted' // cancelled by the caller
  | 'bad-response'; // unreadable (not JSON, cut off, NaN, HTML…), or not the documented shape

export interface ApiErrorInfo {
  readonly kind: ApiErrorKind;
  /** Fit to show: the service's own words, cleaned (lib/api/body.ts: cleanServiceText), or Vantage's. */
  readonly message: string;
  /** The service's own words, cleaned, when it sent some (a JSON message field; never raw text). */
  readonly detail?: string;
  /**
   * For key-rejected: 'said' when the service's words or code name the key or
   * authentication; 'status' when only a 401/403 without a reason points at
   * it (one such answer among others that worked is that request's problem).
   */
  readonly keyBasis?: 'said' | 'status';
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
  readonly detail?: string;
  readonly keyBasis?: 'said' | 'status';
  readonly operation?: OperationId;
  readonly status?: number;
  readonly retryAt?: number;
  readonly param?: string;

  constructor(info: ApiErrorInfo) {
    super(info.message);
    this.kind = info.kind;
    if (info.detail !== undefined) this.detail = info.detail;
    if (info.keyBasis !== undefined) this.keyBasis = info.keyBasis;
    this.operation = info.operation;
    this.status = info.status;
    this.retryAt = info.retryAt;
    this.param = info.param;
  }

  toInfo(): ApiErrorInfo {
    const { kind, message, detail, keyBasis, operation, status, retryAt, param } = this;
    return { kind, message, detail, keyBasis, operation, status, retryAt, param };
  }
}

/** Plain data for any thrown value, safe to post in a message. */
export function toErrorInfo(e: unknown): ApiErrorInfo {
  if (e instanceof ApiError) return e.toInfo();
  if (e instanceof Error && e.name === 'AbortError') return { kind: 'aborted', message: t('errors.client.cancelled') };
  return { kind: 'bad-response', message: e instanceof Error ? e.message : String(e) };
}

/** Kinds worth trying again after a pause (GET only). */
export function isRetryable(kind: ApiErrorKind): boolean {
  return kind === 'rate-limited' || kind === 'server-error' || kind === 'network' || kind === 'timeout';
}

/**
 * What to tell a person, with the way out, in their language. `now` is
 * injected so the "retrying at" time is testable. Kinds without their own
 * words pass the error's own message on.
 */
export function describeError(info: ApiErrorInfo, now = Date.now()): string {
  switch (info.kind) {
    case 'not-configured':
      return t('errors.notConfigured');
    case 'key-rejected':
      return t('errors.keyRejected');
    case 'refused':
      return refusal(info);
    case 'rate-limited': {
      if (info.retryAt && info.retryAt > now) {
        return t('errors.rateLimitedUntil', { time: formatClockSeconds(info.retryAt) });
      }
      return t('errors.rateLimited');
    }
    case 'network':
      return t('errors.network');
    case 'timeout':
      return t('errors.timeout');
    case 'server-error': {
      const status = info.status ?? t('errors.unknownStatus');
      const more = moreThan(info.detail, t('errors.serverErrorSaid', { status, detail: '' }));
      return more ? t('errors.serverErrorSaid', { status, detail: more }) : t('errors.serverError', { status });
    }
    default:
      // Cleaned once more: an error stored by an older version (a watchlist's last failure) may hold raw text.
      return cleanServiceText(info.message, MAX_ERROR_TEXT) ?? info.message;
  }
}

/** HTTP reason phrases and bare failure words: a service message of only these restates the status. */
const STATUS_ONLY = /^(?:\d{3} )?(?:bad request|unauthori[sz]ed|forbidden|not found|too many requests|(?:internal )?server error|bad gateway|service unavailable|gateway timeout|error|fail(?:ed|ure)|\d{3})$/;

/** Lower-case words only, one space apart: "Not found." and "not-found" read alike. */
const words = (s: string) => s.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The service's words when they say more than the heading Vantage puts
 * before them (its sentence with the words left out), else undefined: a
 * 404 `{message: "Not found"}` is said "Not found", not "Not found: Not
 * found". Words equal to the heading, found whole in it, or only the
 * status's reason phrase ("Internal Server Error") add nothing.
 */
export function moreThan(detail: string | undefined, heading: string): string | undefined {
  if (detail === undefined) return undefined;
  const d = words(detail);
  if (d === '' || STATUS_ONLY.test(d) || ` ${words(heading)} `.includes(` ${d} `)) return undefined;
  return detail;
}

/** Longest error text shown: room for Vantage's own longest sentence around a capped service message. */
const MAX_ERROR_TEXT = 400;

/** A refusal of this one request, with the service's reason when it gave one. */
function refusal(info: ApiErrorInfo): string {
  const more = moreThan(info.detail, t('errors.refusedSaid', { detail: '' }));
  if (more) return t('errors.refusedSaid', { detail: more });
  return info.status ? t('errors.refusedStatus', { status: info.status }) : t('errors.refused');
}

/**
 * A key-rejected error seen beside answers that worked with the same key: not
 * the key after all (unless the service said so), only this request refused.
 */
export function asRefusal(info: ApiErrorInfo): ApiErrorInfo {
  return info.kind === 'key-rejected' && info.keyBasis !== 'said' ? { ...info, kind: 'refused' } : info;
}
