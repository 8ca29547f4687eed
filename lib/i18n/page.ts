import { t, uiLocale, type MessageKey } from './index.ts';

/**
 * An extension page in the user's language: `lang` for screen readers and
 * hyphenation, and its title (index.html holds the English one, which WXT
 * also reads at build time).
 */
export function localizePage(title?: Extract<MessageKey, `page.${string}`>): void {
  document.documentElement.lang = uiLocale() ?? 'en';
  if (title) document.title = t(title);
}
