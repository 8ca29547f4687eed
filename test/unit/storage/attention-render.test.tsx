// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OptionsApp } from '@/components/options/OptionsApp.tsx';
import { AttentionBanner } from '@/components/popup/AttentionBanner.tsx';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { sealJson } from '@/lib/settings/sealed-json.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { setAsideStore, withRecords } from '@/lib/storage/set-aside.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { optionsDeps } from '@/test/unit/fakes/options-deps.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';

const rootNow = useRenderRoot();

const deps = optionsDeps;

const SESSION_KEY_LOST = 'Vantage was updated; a key kept for the browser session only must be entered again.';
const button = (text: string) => [...rootNow().querySelectorAll('button')].find((b) => b.textContent === text);
const section = () => rootNow().querySelector<HTMLElement>('section[aria-labelledby="attention-heading"]');

describe('the popup says why a session-only key is gone', () => {
  it('after an update took it, with the way to Options; nothing when all is well', async () => {
    await act(() => render(<AttentionBanner />, rootNow()));
    expect(rootNow().querySelector('.attention-banner')).toBeNull();
    await act(() => fakeBrowser.storage.local.set({ sessionKeyLost: 1_764_200_000_000 }));
    await expect.poll(() => rootNow().querySelector('.attention-banner')?.textContent).toContain(SESSION_KEY_LOST);
    expect(rootNow().querySelector('.attention-banner')!.getAttribute('role')).toBe('status');
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    await act(() => button('Open Options')!.click());
    expect(open).toHaveBeenCalledOnce();
    await act(() => fakeBrowser.storage.local.remove('sessionKeyLost'));
    await expect.poll(() => rootNow().querySelector('.attention-banner')).toBeNull();
  });

  it('points to Options when something was set aside', async () => {
    await fakeBrowser.storage.local.set({ setAside: await sealJson(memoryVault(), []) });
    await act(() => render(<AttentionBanner />, rootNow()));
    await expect.poll(() => rootNow().querySelector('.attention-banner')?.textContent).toContain('Some of your saved data was set aside');
  });
});

describe('Options: needs your attention', () => {
  it('says a session-only key must be entered again, and the key hint says updates forget it', async () => {
    await fakeBrowser.storage.local.set({ sessionKeyLost: 1_764_200_000_000, settings: { ...defaultSettings, keyInSessionOnly: true } });
    await act(() => render(<OptionsApp deps={deps()} />, rootNow()));
    await expect.poll(() => section()?.textContent).toContain(SESSION_KEY_LOST);
    expect(section()!.querySelector('h2')!.textContent).toBe('Needs your attention');
    expect(rootNow().textContent).toContain('Forgotten when the browser closes, and when Vantage is updated.');
  });

  it('sets aside a stored address that no longer validates, says why, puts it back into the form, and drops the record once saved', async () => {
    const d = deps();
    await fakeBrowser.storage.local.set({ settings: { ...defaultSettings, dataBaseUrl: 'http://stats.example.com/dev', defaultProject: 'nebula' } });
    await act(() => render(<OptionsApp deps={d} />, rootNow()));
    await expect.poll(() => section()?.textContent).toContain('Data API base URL: “http://stats.example.com/dev” was set aside. Data API base URL must use https://.');
    // Kept aside in storage, the rest of the settings kept; the field in use is the default.
    expect((await setAsideStore(d.vault).get()).map((r) => [r.field, r.value])).toEqual([['dataBaseUrl', 'http://stats.example.com/dev']]);
    expect((await loadSettings()).defaultProject).toBe('nebula');
    const field = () => rootNow().querySelector<HTMLInputElement>('#dataBaseUrl')!;
    expect(field().value).toBe(defaultSettings.dataBaseUrl);

    await act(() => button('Put back in the form')!.click());
    expect(field().value).toBe('http://stats.example.com/dev');
    expect(section()!.textContent).toContain('Back in the form below: correct it and save.');

    await act(() => {
      field().value = 'https://stats.example.com/dev';
      field().dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      rootNow().querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await expect.poll(async () => (await loadSettings()).dataBaseUrl).toBe('https://stats.example.com/dev');
    await expect.poll(async () => (await fakeBrowser.storage.local.get('setAside')).setAside).toBeUndefined();
    await expect.poll(() => section()).toBeNull();
  });

  it('lists entries of a list that were set aside, shows them on request, and dismisses them', async () => {
    const d = deps();
    const entry = { origin: 'chrome-extension://abcdefghijklmnop', addedAt: 1 };
    await fakeBrowser.storage.local.set({ setAside: await sealJson(d.vault, withRecords([], [{ source: 'siteLists', reason: 'invalid', value: [entry] }], 5)) });
    await act(() => render(<OptionsApp deps={d} />, rootNow()));
    await expect.poll(() => section()?.textContent).toContain('Your allowed and blocked sites: 1 entry could not be read and was set aside.');
    expect(section()!.querySelector('details pre')!.textContent).toContain('chrome-extension://abcdefghijklmnop');
    expect(button('Put back in the form')).toBeUndefined();
    await act(() => button('Dismiss')!.click());
    await expect.poll(() => section()).toBeNull();
    expect(await fakeBrowser.storage.local.get('setAside')).toEqual({});
  });
});
