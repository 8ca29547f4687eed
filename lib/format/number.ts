/**
 * Numbers for people: thousands separators in full, compact forms (48.2K)
 * only where space demands, percentages, dates of series points. `locale`
 * defaults to the browser's UI language (lib/i18n: the one that also picks
 * the messages); tests pin it.
 */
import { uiLocale } from '@/lib/i18n/locale.ts';

const cache = new Map<string, Intl.NumberFormat>();
function fmt(locale: string | undefined = uiLocale(), options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(id);
  if (!f) cache.set(id, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

export const NO_VALUE = '—';

/** 48213 → "48,213"; fractions keep up to two digits (1520.75). */
export function formatNumber(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NO_VALUE;
  return fmt(locale, { maximumFractionDigits: Math.abs(n) >= 100 ? 0 : 2 }).format(n);
}

/** 48213 → "48.2K", 1250000.5 → "1.3M"; below 10,000 the full number. */
export function formatCompact(n: number | null | undefined, locale?: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return NO_VALUE;
  if (Math.abs(n) < 10_000) return formatNumber(n, locale);
  return fmt(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/** 0.3125 → "31.3%"; whole percentages lose their decimals ("40%"). */
export function formatPercent(share: number | null | undefined, locale?: string): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return NO_VALUE;
  return fmt(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** Unix seconds → "Nov 15" (UTC: series days are UTC days). */
export function formatDay(seconds: number, locale = uiLocale()): string {
  return new Date(seconds * 1000).toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
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
