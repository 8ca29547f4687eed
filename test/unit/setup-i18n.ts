/**
 * Every unit test runs as in an English browser (the real-browser suite does
 * too): fakeBrowser throws on i18n, so its getMessage and getUILanguage are
 * served here from the English messages the build ships.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetUiLocale } from '@/lib/i18n/locale.ts';
import { chromeMessages, getMessageFrom } from './i18n/browser-messages.ts';

fakeBrowser.i18n.getMessage = getMessageFrom(chromeMessages('en'));
fakeBrowser.i18n.getUILanguage = () => 'en-US';
// Files share a process (vitest.config.ts): one that ran in Vietnamese leaves no language behind.
forgetUiLocale();
