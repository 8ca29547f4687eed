/**
 * Numbers for people: thousands separators in full, compact forms (48.2K)
 * only where space demands, percentages, dates of series points. `locale`
 * defaults to the browser's UI language (lib/i18n: the one that also picks
 * the messages); tests pin it.
 */
import { uiLocale } from '@/lib/i18n/locale.ts';
import { dateTimeFormat } from './date.ts';
import { exactText, isBeyondExact } from './exact.ts';

// Kept like date.ts's formatters: `toLocaleString(locale, options)` would build one at every call.
const cache = new Map<string, Intl.NumberFormat>();
function fmt(locale: string | undefined = uiLocale(), options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(id);
  if (!f) cache.set(id, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

export const NO_VALUE = '—';

/**
 * 48213 → "48,213"; fractions keep up to two digits (1520.75). A number sent
 * with more digits than a double holds is written with the digits sent
 * (lib/format/exact.ts); a double beyond 2^53 without them is rounded in
 * compact units, never written out with digits no one sent.
 */
export function formatNumber(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NO_VALUE;
  const options = { maximumFractionDigits: Math.abs(n) >= 100 ? 0 : 2 };
  const exact = exactText(n);
  if (exact !== undefined) return fmt(locale, options).format(exact as Intl.StringNumericLiteral);
  if (isBeyondExact(n)) return formatCompact(n, locale);
  return fmt(locale, options).format(n);
}

/** Any value as given, up to four fraction digits (0.1235, 1,520.75): a score's extra fields. */
export function formatPrecise(n: number, locale?: string): string {
  const exact = exactText(n);
  if (exact === undefined && isBeyondExact(n)) return formatCompact(n, locale);
  return fmt(locale, { maximumFractionDigits: 4 }).format(exact === undefined ? n : (exact as Intl.StringNumericLiteral));
}

/**
 * Compact units beyond the largest unit ("123,456,789,012.3T") keep at most
 * 15 significant digits, all a double holds: whichever of the two limits
 * writes fewer digits wins.
 */
const COMPACT: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1, maximumSignificantDigits: 15, roundingPriority: 'lessPrecision' };

/**
 * 48213 → "48.2K", 1250000.5 → "1.3M"; below 10,000 the full number. A
 * number sent with more digits than a double holds is rounded from the
 * digits sent.
 */
export function formatCompact(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NO_VALUE;
  if (Math.abs(n) < 10_000) return formatNumber(n, locale);
  const exact = exactText(n);
  return fmt(locale, COMPACT).format(exact === undefined ? n : (exact as Intl.StringNumericLiteral));
}

/** 0.3125 → "31.3%"; whole percentages lose their decimals ("40%"). */
export function formatPercent(share: number | null | undefined, locale?: string): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return NO_VALUE;
  return fmt(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A change as a signed percentage: 0.042 → "+4.2%", -0.031 → "-3.1%", what rounds to zero → "0%". */
export function formatSignedPercent(ratio: number | null | undefined, locale?: string): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return NO_VALUE;
  return fmt(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratio);
}

/** A difference with its sign, one decimal at most: 2.1 → "+2.1", -0.4 → "-0.4", what rounds to zero → "0". */
export function formatSignedNumber(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NO_VALUE;
  return fmt(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(n);
}

/** Unix seconds → "Nov 15" (UTC: series days are UTC days). */
export function formatDay(seconds: number, locale = uiLocale()): string {
  return dateTimeFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }, locale).format(seconds * 1000);
}

/** Four weeks or more between a chart's ticks: each names a month, not a day. */
const MONTH_TICKS_SECONDS = 28 * 86_400;

/**
 * A chart's x-axis labels for UTC days (Unix seconds), `stepSeconds` apart: the
 * day and month in the locale's own order ("10/27" in American English, "27/10"
 * in Vietnamese), or the month's name when ticks are a month or more apart; the
 * year under the first label and wherever it changes. (uPlot's own labels are
 * American month/day whatever the language.)
 */
export function formatDayTicks(seconds: readonly number[], stepSeconds: number, locale = uiLocale()): string[] {
  const label = dateTimeFormat(stepSeconds >= MONTH_TICKS_SECONDS ? { month: 'short', timeZone: 'UTC' } : { month: 'numeric', day: 'numeric', timeZone: 'UTC' }, locale);
  const year = dateTimeFormat({ year: 'numeric', timeZone: 'UTC' }, locale);
  let shown = '';
  return seconds.map((s) => {
    const text = label.format(s * 1000);
    const y = year.format(s * 1000);
    if (y === shown) return text;
    shown = y;
    return `${text}\n${y}`;
  });
}

/** Badge text fits four characters: "1830", "48K", "1.2M". */
export function formatBadge(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  const abs = Math.abs(n);
  if (abs < 10_000) return String(Math.round(n));
  const [div, unit] = abs < 1e6 ? [1e3, 'K'] : abs < 1e9 ? [1e6, 'M'] : [1e9, 'B'];
  const v = n / div;
  const text = Math.abs(v) < 10 ? (Math.floor(v * 10) / 10).toString() : Math.floor(v).toString();
  return text + unit;
}

/**
 * A change (a ratio: 0.042 = +4.2 %) within the badge's 4 characters: "+4%",
 * "−12%", "0%"; from doubling on, how many times it is ("×2", "×2.5", "×15",
 * "×1K+"), and a fall to nothing "×0". The title says it in words.
 */
export function formatBadgeChange(ratio: number): string {
  const percent = Math.round(ratio * 100);
  if (percent <= -100) return '\u00D70';
  if (percent < 100) return `${percent > 0 ? '+' : percent < 0 ? '\u2212' : ''}${Math.abs(percent)}%`;
  const times = 1 + ratio;
  if (times < 10) return `\u00D7${Math.floor(times * 10) / 10}`;
  return times < 1000 ? `\u00D7${Math.floor(times)}` : '\u00D71K+';
}

interface Separators {
  readonly group: string;
  readonly decimal: string;
  /** The locale's digits 0–9 (Latin in most). */
  readonly digits: readonly string[];
}

const separators = new Map<string, Separators>();
function separatorsOf(locale: string | undefined): Separators {
  const id = locale ?? '';
  let s = separators.get(id);
  if (!s) {
    const parts = fmt(locale, {}).formatToParts(1234567.5);
    const plain = fmt(locale, { useGrouping: false });
    s = {
      group: parts.find((p) => p.type === 'group')?.value ?? '',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      digits: Array.from({ length: 10 }, (_, d) => plain.format(d)),
    };
    separators.set(id, s);
  }
  return s;
}

const SPACES = /[\s\u00a0\u202f]/gu;

/**
 * A number as a person types it in `locale`: "1,234.5" in English, "1.234,5"
 * in Vietnamese. Thousands separators are optional but must sit between
 * groups of digits (so "12.5" in Vietnamese, or "12,5" in English, is not a
 * number rather than 125); no exponents, no words. Null when it is not one.
 */
export function parseLocaleNumber(text: string, locale: string | undefined = uiLocale()): number | null {
  const { group, decimal, digits } = separatorsOf(locale);
  let s = text.trim();
  // The locale's own digits, if not Latin, read as Latin ones; a space-like group separator is any space.
  digits.forEach((d, i) => (s = s.split(d).join(String(i))));
  const spaceGroup = group !== '' && group.replace(SPACES, '') === '';
  const m = /^([-+\u2212]?)(.*)$/u.exec(s)!;
  const sign = m[1] === '' || m[1] === '+' ? 1 : -1;
  const [whole = '', fraction, extra] = m[2]!.split(decimal);
  if (extra !== undefined || (fraction !== undefined && !/^\d+$/.test(fraction))) return null;
  const chunks = spaceGroup ? whole.split(SPACES) : group ? whole.split(group) : [whole];
  if (chunks.length === 1) {
    if (!/^\d*$/.test(whole) || (whole === '' && fraction === undefined)) return null;
  } else if (!/^\d{1,3}$/.test(chunks[0]!) || !/^\d{3}$/.test(chunks.at(-1)!) || !chunks.slice(1, -1).every((c) => /^\d{2,3}$/.test(c))) {
    // Groups of three, or of two before the last three (Indian grouping: 12,34,567).
    return null;
  }
  const n = Number(`${chunks.join('') || '0'}.${fraction ?? '0'}`);
  return Number.isFinite(n) ? sign * n : null;
}

/**
 * A number for a person to edit in `locale`: its decimal mark, every digit
 * kept, no grouping ("12,5", "1234,75"); parseLocaleNumber reads it back.
 */
export function formatInputNumber(n: number, locale: string | undefined = uiLocale()): string {
  return fmt(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(n);
}
