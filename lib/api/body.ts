/**
 * What a service body says, read without trusting it. The real service
 * sometimes answers errors with HTTP 200: `{ success: false, message }`, or
 * a plain-text body such as `No api key`; other deployments answer broken
 * JSON, HTML or a JSON text inside a string. `readBody` sorts a body into
 * what it is; `serviceMessage` picks the service's own words out of a JSON
 * error, cleaned and capped, the only service text Vantage ever shows.
 */
import { keepExact } from '@/lib/format/exact.ts';
import { parseJsonExact } from './json.ts';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A number, or a numeric string (the service sends both), else null. */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return keepExact(v.trim());
  return null;
}

/** What a body is. */
export type BodyReading =
  /** Nothing to read: no body (204), JSON `null`, `[]` or `{}`. Data operations take it as "no data". */
  | { readonly kind: 'empty' }
  | { readonly kind: 'json'; readonly value: unknown }
  /** Not JSON, broken JSON, a bare JSON value or a JSON text inside a string. Never shown. */
  | { readonly kind: 'unreadable'; readonly aboutKey: boolean };

/** Plain text short enough to be a sentence (`No api key`), not a page or a cut-off JSON text. */
const SENTENCE = /^[^<{["][^\n]{0,199}$/;

/** Sorts a body's text (integers beyond 2^53 keep their digits: lib/api/json.ts). */
export function readBody(text: string): BodyReading {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'empty' };
  let value: unknown;
  try {
    value = parseJsonExact(trimmed);
  } catch {
    // Only a short plain sentence is looked at, to tell a key problem from any other: never echoed.
    return { kind: 'unreadable', aboutKey: SENTENCE.test(trimmed) && mentionsApiKey(trimmed) };
  }
  if (value === null || (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0)) {
    return { kind: 'empty' };
  }
  if (typeof value === 'string') return { kind: 'unreadable', aboutKey: SENTENCE.test(value.trim()) && mentionsApiKey(value) };
  if (typeof value !== 'object') return { kind: 'unreadable', aboutKey: false };
  return { kind: 'json', value };
}

/** Longest service message shown; longer ones are cut at a word with "…". */
export const MAX_SERVICE_MESSAGE = 160;

/**
 * Controls, line breaks, bidirectional overrides and zero-width characters: a
 * message is shown as one plain line, reading the way it was sent.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u206f\ufeff\ufff9-\ufffb]+/g;

/** Service text made fit to show: one line, invisible characters gone, at most `max` characters; null when nothing is left. */
export function cleanServiceText(raw: string, max = MAX_SERVICE_MESSAGE): string | null {
  // Long text is cut before it is cleaned: the work stays bounded whatever the service sends.
  const text = raw.slice(0, max * 4).replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > max / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}

/** The fields services put an error's words in, in the order they are looked at. */
const MESSAGE_FIELDS = ['message', 'Message', 'error_description', 'detail', 'error', 'errorMessage', 'msg', 'title'];

/**
 * The service's own words in a JSON body: a string in one of MESSAGE_FIELDS,
 * or in `error.message` or the first of `errors` (`[{ message }]` or
 * `["…"]`), cleaned (cleanServiceText). Null when it sent none.
 */
export function serviceMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  for (const field of MESSAGE_FIELDS) {
    const v = body[field];
    const text = typeof v === 'string' ? v : isRecord(v) ? pickString(v, ['message', 'Message', 'detail']) : null;
    const clean = text === null ? null : cleanServiceText(text);
    if (clean) return clean;
  }
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  const text = typeof first === 'string' ? first : isRecord(first) ? pickString(first, ['message', 'Message', 'detail']) : null;
  return text === null ? null : cleanServiceText(text);
}

function pickString(rec: Readonly<Record<string, unknown>>, fields: readonly string[]): string | null {
  for (const f of fields) if (typeof rec[f] === 'string') return rec[f];
  return null;
}

/** The error codes a body carries (`code`, `errorCode`, `error` as a code word), as text. */
function serviceCodes(body: Readonly<Record<string, unknown>>): string[] {
  return [body.code, body.errorCode, body.error, body.type].filter((c) => typeof c === 'string' || typeof c === 'number').map(String);
}

/** Words that only restate a 401/403 ("Forbidden", "Unauthorized"): no reason given. */
const STATUS_WORDS = /^(?:forbidden|unauthori[sz]ed|not[\s_]authori[sz]ed|access[\s_]denied|permission[\s_]denied|denied|\d{3})[.!]?$/i;

export function restatesStatus(text: string): boolean {
  return STATUS_WORDS.test(text.trim());
}

/** Keys an error envelope holds besides its message: with nothing else, a body is an error, not data. */
const ENVELOPE = new Set([...MESSAGE_FIELDS, 'errors', 'code', 'errorCode', 'status', 'statusCode', 'success', 'type', 'requestId', 'timestamp', 'path']);

/**
 * Whether a JSON body sent with HTTP 200 is an error instead of data:
 * `success: false` (or `"false"`), or an error field with nothing but
 * envelope fields beside it.
 */
export function isErrorBody(body: unknown): boolean {
  if (!isRecord(body)) return false;
  if (body.success === false || body.success === 'false') return true;
  // `error: null` or `false` is no error; an error code or object without words still is one.
  const hasWords = serviceMessage(body) !== null || (body.error !== undefined && body.error !== null && body.error !== false) || (Array.isArray(body.errors) && body.errors.length > 0);
  return hasWords && Object.keys(body).every((k) => ENVELOPE.has(k));
}

/**
 * True when a JSON error body says its problem is the API key (in its message
 * or its code); words that only restate the status ("Unauthorized") do not.
 */
export function saysKeyProblem(body: unknown): boolean {
  if (!isRecord(body)) return false;
  return [serviceMessage(body) ?? '', ...serviceCodes(body)].some((w) => !restatesStatus(w) && mentionsApiKey(w));
}

/** True when words are about the API key or authentication rather than the request. */
export function mentionsApiKey(text: string): boolean {
  return /api[\s_-]?key|\bkey\b|unauthori[sz]ed|unauthenticated|authenticat|credential/i.test(text);
}
