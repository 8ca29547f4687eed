/**
 * Benches run the extension's lib code in Node, where there is no browser:
 * its i18n is served from the English messages the build ships, as the unit
 * tests do (test/unit/setup-i18n.ts). Import it before any lib module.
 */
import { chromeMessages, getMessageFrom } from '@/test/unit/i18n/browser-messages.ts';

const g = globalThis as { browser?: unknown; chrome?: unknown };
g.browser ??= { i18n: { getMessage: getMessageFrom(chromeMessages('en')), getUILanguage: () => 'en-US' }, runtime: {} };
g.chrome ??= g.browser;
