import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { clearCacheOnServiceChange, serviceChanged } from '../../../lib/cache/service-scope.ts';
import { storageCacheStore } from '../../../lib/cache/storage-store.ts';
import { defaultSettings } from '../../../lib/settings/schema.ts';
import { saveSettings } from '../../../lib/settings/store.ts';

describe('cache scoped to the configured service', () => {
  beforeEach(() => fakeBrowser.reset());

  it('sees a change of either base URL, not of other settings', () => {
    expect(serviceChanged(defaultSettings, { ...defaultSettings, minScore: 700 })).toBe(false);
    expect(serviceChanged(defaultSettings, { ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' })).toBe(true);
    expect(serviceChanged(defaultSettings, { ...defaultSettings, integrationBaseUrl: 'https://int.example.com/v1' })).toBe(true);
  });

  it('drops cached answers when the service changes, and keeps other storage', async () => {
    const store = storageCacheStore<number>({ pruneEveryMs: Infinity });
    await saveSettings(defaultSettings);
    await store.set('holderChange|nebula', { value: 1, storedAt: 1 });
    await fakeBrowser.storage.local.set({ other: true });
    const cleared = new Promise<void>((resolve) => {
      clearCacheOnServiceChange(async () => {
        await store.clear();
        resolve();
      });
    });
    await saveSettings({ ...defaultSettings, minScore: 700 });
    expect(await store.get('holderChange|nebula')).toEqual({ value: 1, storedAt: 1 });
    await saveSettings({ ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' });
    await cleared;
    expect(await store.get('holderChange|nebula')).toBeUndefined();
    expect(await fakeBrowser.storage.local.get('other')).toEqual({ other: true });
  });
});
