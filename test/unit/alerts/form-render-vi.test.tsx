// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { chromeMessages, getMessageFrom } from '@/test/unit/i18n/browser-messages.ts';
import { rule } from './fixtures.ts';
import { useAlertForm } from './form-harness.tsx';

/**
 * The alert form in a Vietnamese browser: "." groups thousands and "," is the
 * decimal mark. Set before anything asks (the UI locale is read once per page).
 */
fakeBrowser.i18n.getUILanguage = () => 'vi';
fakeBrowser.i18n.getMessage = getMessageFrom(chromeMessages('vi'));

const form = useAlertForm();

describe('alert form, in Vietnamese', () => {
  it('reads "12,5" % as 12.5, not 125', async () => {
    await form.open();
    await form.choose('change');
    await form.save('12,5');
    await expect.poll(() => form.saved).toEqual([{ kind: 'change', percent: 12.5 }]);
  });

  it('reads "1.000" as a thousand, not 1, and "1.234,5" with both', async () => {
    await form.open();
    await form.save('1.000');
    await expect.poll(() => form.saved).toEqual([{ kind: 'above', value: 1000 }]);
    await form.save('1.234,5');
    await expect.poll(() => form.saved).toEqual([{ kind: 'above', value: 1000 }, { kind: 'above', value: 1234.5 }]);
  });

  it('refuses garbage, and an ambiguous "12.5", in Vietnamese', async () => {
    await form.open();
    await form.save('12.5');
    expect(form.status()).toBe('Hãy nhập một số, ví dụ 12,5.');
    await form.save('mười hai');
    expect(form.status()).toBe('Hãy nhập một số, ví dụ 12,5.');
    await form.choose('change');
    await form.save('0');
    expect(form.status()).toBe('Hãy nhập một tỷ lệ phần trăm lớn hơn 0, ví dụ 12,5.');
    expect(form.saved).toEqual([]);
  });

  it('prefills an edited rule as Vietnamese writes it', async () => {
    await form.open({ rule: rule({ condition: { kind: 'change', percent: 12.5 } }) });
    expect(form.field().value).toBe('12,5');
    await form.open({ rule: rule({ condition: { kind: 'above', value: 1234.75 } }) });
    expect(form.field().value).toBe('1234,75');
  });
});
