/** Lists in words, in the browser's UI language: "a and b", "a, b or c" (Intl.ListFormat). */
import { uiLocale } from '@/lib/i18n/locale.ts';

export function formatList(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction', locale = uiLocale()): string {
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
}
