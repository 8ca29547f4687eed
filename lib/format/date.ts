/** Dates and clock times for people, in the browser's UI language (lib/i18n), in the user's time zone. */
import { uiLocale } from '@/lib/i18n/locale.ts';

const cache = new Map<string, Intl.DateTimeFormat>();
/**
 * One formatter per locale and options, kept for the page's life: building one
 * costs ~0.4–1 ms (Chromium 156), and `toLocaleDateString(locale, options)`
 * builds a new one at every call.
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, locale = uiLocale()): Intl.DateTimeFormat {
  const id = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(id);
  if (!f) cache.set(id, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** "Nov 15, 2026": a calendar day. */
export const formatDate = (ms: number, locale?: string): string => dateTimeFormat({ dateStyle: 'medium' }, locale).format(ms);

/** "14:05" or "2:05 PM", as the locale writes it. */
export const formatClock = (ms: number, locale?: string): string => dateTimeFormat({ hour: '2-digit', minute: '2-digit' }, locale).format(ms);

/** A clock time to the second: things that change by the second (retry times, proof progress). */
export const formatClockSeconds = (ms: number, locale?: string): string =>
  dateTimeFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' }, locale).format(ms);

/** Date and time, for a tooltip saying exactly when. */
export const formatDateTime = (ms: number, locale?: string): string => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'medium' }, locale).format(ms);

/** "23:50" in UTC: the service's days are UTC days, so their edges are said in UTC. */
export const formatClockUtc = (ms: number, locale?: string): string => dateTimeFormat({ hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }, locale).format(ms);
