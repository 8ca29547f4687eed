/**
 * The one door to translated text and to the user's locale. Messages live in
 * locales/<lang>.yml (docs/i18n.md); WXT's i18n module builds them into the
 * browser's own `_locales/` and types every key, so a missing key or a wrong
 * placeholder is a compile error. Text follows the browser's UI language.
 */
import { i18n, type GeneratedI18nStructure } from '#i18n';
import { browser } from 'wxt/browser';

/** A message by key: `t('options.save')`, `t('stats.block.updated', { age })`, `t('fields', n, { count })`. */
export const t = i18n.t;

/** Every message key (generated from locales/en.yml by `wxt prepare`). */
export type MessageKey = keyof GeneratedI18nStructure & string;

let locale: string | undefined;

/**
 * The locale numbers and dates are written in: the browser's UI language,
 * the same one the messages were picked by, so a Vietnamese sentence never
 * carries English-formatted numbers. Asked once (it cannot change while a
 * page or worker lives); undefined (the runtime's default) where the API is missing.
 */
export function uiLocale(): string | undefined {
  if (locale === undefined) {
    try {
      locale = browser.i18n.getUILanguage() || undefined;
    } catch {
      return undefined;
    }
  }
  return locale;
}
