/**
 * The one door to translated text and to the user's locale. Messages live in
 * locales/<lang>.yml (docs/i18n.md); WXT's i18n module builds them into the
 * browser's own `_locales/` and types every key, so a missing key or a wrong
 * placeholder is a compile error. Text follows the browser's UI language.
 */
import { i18n, type GeneratedI18nStructure } from '#i18n';

/** A message by key: `t('options.save')`, `t('stats.block.updated', { age })`, `t('fields', n, { count })`. */
export const t = i18n.t;

/** Every message key (generated from locales/en.yml by `wxt prepare`). */
export type MessageKey = keyof GeneratedI18nStructure & string;

export { uiLocale } from './locale.ts';
