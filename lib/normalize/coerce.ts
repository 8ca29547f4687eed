/**
 * Tolerant primitives: the one place that decides what counts as a number,
 * a text or a time in a service body. The service is loosely typed (numbers
 * arrive as strings, fields go missing), so every reader answers `null` for
 * "unusable" instead of throwing or guessing.
 */
import { isRecord } from '@/lib/api/body.ts';
import { isDecimal } from '@/lib/api/decimal.ts';
import { keepExact } from '@/lib/format/exact.ts';

export { isRecord };

/**
 * A finite number from a number or a decimal string (" 12 ", "1.5", "1e3");
 * anything else is null. A string with more digits than the double holds
 * (an amount beyond 2^53) leaves its digits with lib/format/exact.ts, for
 * the text and the CSV to show.
 */
export function toNumber(v: unknown): number | null {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && isDecimal(v.trim())) n = keepExact(v.trim());
  else return null;
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // no -0: it prints and compares oddly
}

/** A non-empty trimmed string, or a finite number written out; anything else is null. */
export function toText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** Numbers at or above this are taken as milliseconds (as seconds they would be past year 5000). */
const MS_THRESHOLD = 1e11;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Unix seconds (a positive whole number) from what the service uses as a
 * time: seconds as a number or a decimal string ("1700006400"), or an ISO
 * date ("2023-11-01", UTC unless an offset is given). Milliseconds are
 * brought back to seconds; fractions are dropped. Anything else is null.
 */
export function toEpochSeconds(v: unknown): number | null {
  const n = toNumber(v);
  if (n !== null) {
    const s = Math.floor(n >= MS_THRESHOLD ? n / 1000 : n);
    return s > 0 ? s : null;
  }
  return typeof v === 'string' ? isoToSeconds(v.trim()) : null;
}

function isoToSeconds(s: string): number | null {
  const m = ISO_DATE.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', zone] = m;
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  const ms = Date.UTC(year, month, day, Number(h), Number(mi), Number(sec));
  const check = new Date(Date.UTC(year, month, day));
  // Date.UTC rolls "2023-02-30" over into March: refuse dates that do not exist.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const seconds = Math.floor(ms / 1000) - offsetMinutes * 60;
  return seconds > 0 ? seconds : null;
}

/** `YYYY-MM-DD` (UTC) of a time in Unix seconds. */
export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** An array as is; anything else is an empty list. */
export function toList(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The objects of a list; anything else in it is skipped. */
export function records(list: unknown): Readonly<Record<string, unknown>>[] {
  return toList(list).filter(isRecord);
}

/**
 * The records of a collection the service sends either keyed by id
 * (`{ "0xabc…": { … } }`) or as a list (`[{ id: "0xabc…", … }]`), each with
 * its id: the record's own `id` when it has one, else its key. Entries that
 * are not records are kept as `value` with their key, so callers can accept
 * `{ "0xabc…": 12 }` too.
 */
export function keyedEntries(v: unknown): { readonly id: string | null; readonly value: unknown }[] {
  if (Array.isArray(v)) return v.map((value) => ({ id: isRecord(value) ? toText(value.id) : null, value }));
  if (!isRecord(v)) return [];
  return Object.entries(v).map(([key, value]) => ({ id: (isRecord(value) ? toText(value.id) : null) ?? toText(key), value }));
}

/** `part / whole`, or null when either is unknown or the whole is not positive. */
export function ratio(part: number | null, whole: number | null): number | null {
  return part === null || whole === null || whole <= 0 ? null : part / whole;
}

/** Sum of the known values, or null when none is known. */
export function sumKnown(values: Iterable<number | null>): number | null {
  let sum: number | null = null;
  for (const v of values) if (v !== null) sum = (sum ?? 0) + v;
  return sum;
}
