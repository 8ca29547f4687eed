// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OptionsApp } from '@/components/options/OptionsApp.tsx';
import { optionsDeps } from '@/test/unit/fakes/options-deps.ts';

const rootNow = useRenderRoot();

const deps = optionsDeps;

const input = (name: string) => [...rootNow().querySelectorAll('label')].find((l) => l.textContent === name)!.control as HTMLInputElement;
const fill = (name: string, value: string) =>
  act(() => {
    const field = input(name);
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('Options: plain-http service addresses', () => {
  it('shows why next to the Data API field, saves nothing and asks for no host access', async () => {
    const d = deps();
    await act(() => render(<OptionsApp deps={d} />, rootNow()));
    await expect.poll(() => rootNow().querySelector('form')).toBeTruthy();
    const before = await fakeBrowser.storage.local.get(null);
    await fill('Data API base URL', 'http://api.example.com/dev');
    await act(() => {
      rootNow().querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });

    await expect.poll(() => rootNow().querySelector('#dataBaseUrl-error')?.textContent).toMatch(/^Data API base URL must use https:\/\/\. /);
    expect(input('Data API base URL').getAttribute('aria-invalid')).toBe('true');
    expect(input('Data API base URL').getAttribute('aria-describedby')).toContain('dataBaseUrl-error');
    expect(rootNow().querySelector('.save-note')!.textContent).toBe('Nothing was saved: fix the field marked below.');
    expect(d.hostAccess.request).not.toHaveBeenCalled();
    expect(await fakeBrowser.storage.local.get(null)).toEqual(before);
  });

  it('Test connection shows the same message next to the Integration field and sends nothing', async () => {
    const d = deps();
    await act(() => render(<OptionsApp deps={d} />, rootNow()));
    await expect.poll(() => rootNow().querySelector('form')).toBeTruthy();
    await fill('Integration API base URL', 'http://api.example.com/v1');
    await act(() => [...rootNow().querySelectorAll('button')].find((b) => b.textContent === 'Test connection')!.click());

    await expect.poll(() => rootNow().querySelector('#connection-result')?.textContent).toContain('Fix the base URLs first.');
    expect(rootNow().querySelector('#integrationBaseUrl-error')?.textContent).toMatch(/^Integration API base URL must use https:\/\/\. /);
    expect(d.testConnection).not.toHaveBeenCalled();
    expect(d.hostAccess.request).not.toHaveBeenCalled();
  });
});

describe('Options: address bar and keyboard', () => {
  it('shows the popup’s shortcut as the browser has it, or says none is set, and opens the shortcut settings', async () => {
    const d = deps();
    await act(() => render(<OptionsApp deps={d} />, rootNow()));
    await expect.poll(() => rootNow().querySelector('[data-testid="popup-shortcut"]')?.textContent).toBe('Open the popup: Alt+Shift+V');
    expect(rootNow().textContent).toContain('type vt, a space');
    await act(() => [...rootNow().querySelectorAll('button')].find((b) => b.textContent === 'Open shortcut settings')!.click());
    expect(d.keyboard.openShortcutSettings).toHaveBeenCalledOnce();

    const none = { ...deps(), keyboard: { ...d.keyboard, popupShortcut: async () => ({ shortcut: '' }) } };
    await act(() => render(<OptionsApp deps={none} />, rootNow()));
    await expect.poll(() => rootNow().querySelector('[data-testid="popup-shortcut"]')?.textContent).toMatch(/no shortcut set/);
  });
});
