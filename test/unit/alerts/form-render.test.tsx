// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { rule } from './fixtures.ts';
import { useAlertForm } from './form-harness.tsx';

/** The alert form reads and writes numbers as the browser's language does: English here (form-render-vi: Vietnamese). */
const form = useAlertForm();

describe('alert form, in English', () => {
  it('reads "," as a thousands separator and "." as the decimal mark', async () => {
    await form.open();
    await form.save('1,000.5');
    await expect.poll(() => form.saved).toEqual([{ kind: 'above', value: 1000.5 }]);
  });

  it('reads a percentage change with decimals', async () => {
    await form.open();
    await form.choose('change');
    await form.save('12.5');
    await expect.poll(() => form.saved).toEqual([{ kind: 'change', percent: 12.5 }]);
  });

  it('refuses what is not a number here, saying how to write one, and saves nothing', async () => {
    await form.open();
    await form.save('12,5');
    expect(form.status()).toBe('Enter a number, such as 12.5.');
    await form.choose('change');
    await form.save('abc');
    expect(form.status()).toBe('Enter a percentage above 0, such as 12.5.');
    expect(form.saved).toEqual([]);
  });

  it('prefills an edited rule as English writes it', async () => {
    await form.open({ rule: rule({ condition: { kind: 'change', percent: 12.5 } }) });
    expect(form.field().value).toBe('12.5');
    // A share is typed as a percentage: 0.125 is 12.5%.
    await form.open({ rule: rule({ metric: 'returningShare', condition: { kind: 'above', value: 0.1275 } }) });
    expect(form.field().value).toBe('12.75');
    await form.open({ rule: rule({ condition: { kind: 'above', value: 1234.5 } }) });
    expect(form.field().value).toBe('1234.5');
  });
});
