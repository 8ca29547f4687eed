import { browser } from 'wxt/browser';

/*
 * Apart from the messages (index.ts) so that formatting needs no message
 * catalogue: lib/format loads anywhere, even in Node (the e2e suite's own checks).
 */
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

/**
 * Forgets the locale asked for, so the next call asks the browser again. Only for tests, which run many files
 * (English ones, Vietnamese ones) in one process: a real page or worker never changes its UI language.
 */
export function forgetUiLocale(): void {
  locale = undefined;
}
