/**
 * `i18n.getMessage` as the browser implements it, over the `_locales/<lang>/messages.json`
 * the build writes (made here by the same @wxt-dev/i18n code from locales/<lang>.yml).
 * fakeBrowser has no i18n at all; this serves real messages, so a test sees
 * the English text a user of an English browser sees, and an unknown key
 * yields "" as in the browser, never the key itself.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateChromeMessages, parseMessagesText } from '@wxt-dev/i18n/build';

export const LOCALES_DIR = resolve(import.meta.dirname, '../../../locales');

type ChromeMessages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

const byLang = new Map<string, Readonly<ChromeMessages>>();

/**
 * The messages.json the build writes for a locale, keyed as the browser looks them up (case-insensitive). Made once
 * a process: the set-up file asks for English before each of the ~150 test files a worker runs (vitest.config.ts).
 */
export function chromeMessages(lang: string): Readonly<ChromeMessages> {
  let messages = byLang.get(lang);
  if (!messages) {
    const parsed = parseMessagesText(readFileSync(resolve(LOCALES_DIR, `${lang}.yml`), 'utf8'), 'YAML');
    const raw = generateChromeMessages(parsed) as ChromeMessages;
    messages = Object.freeze(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toLowerCase(), Object.freeze(v)])));
    byLang.set(lang, messages);
  }
  return messages;
}

/** Chromium's substitution rules: $1–$9 from the list (missing ones empty), $$ is a dollar sign, $name$ a declared placeholder. */
export function getMessageFrom(messages: Readonly<ChromeMessages>) {
  return (name: string, substitutions?: string | string[]): string => {
    const entry = messages[name.toLowerCase()];
    if (!entry) return '';
    const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    const withPlaceholders = entry.message.replace(/\$([a-z0-9_@]+)\$/gi, (m, p: string) => entry.placeholders?.[p.toLowerCase()]?.content ?? m);
    return withPlaceholders.replace(/\$(\$|[1-9])/g, (_, d: string) => (d === '$' ? '$' : (subs[Number(d) - 1] ?? '')));
  };
}
