import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetUiLocale } from '@/lib/i18n/locale.ts';
import { chromeMessages, getMessageFrom } from './browser-messages.ts';

/**
 * Runs the calling test file in a Vietnamese browser: its UI language, which numbers and dates take once,
 * before any is written (call this at the top of the file), and its messages for each test, English again
 * after it.
 */
export function inVietnamese(): void {
  fakeBrowser.i18n.getUILanguage = () => 'vi';
  forgetUiLocale();
  const english = fakeBrowser.i18n.getMessage;
  beforeEach(() => {
    fakeBrowser.i18n.getMessage = getMessageFrom(chromeMessages('vi'));
  });
  afterEach(() => {
    fakeBrowser.i18n.getMessage = english;
  });
}
