import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { makeClientFactory } from '@/lib/api/client-factory.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { settingsItem } from '@/lib/settings/store.ts';
import { saveKey } from '@/test/unit/fakes/save-key.ts';

/**
 * Settings can change behind Options' back (a content script can write storage.local in
 * Firefox): the worker sends the key only to hosts the user granted.
 */
describe('the worker’s API client', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is refused, and nothing is sent, for service hosts the user has not granted', async () => {
    const vault = memoryVault();
    await saveKey(vault, 'the-key');
    await settingsItem.setValue({ ...defaultSettings, dataBaseUrl: 'https://evil.example/dev', integrationBaseUrl: 'https://evil.example/v1' });
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    const asked: unknown[] = [];
    const client = makeClientFactory(vault, async (s) => (asked.push(s.dataBaseUrl), false), fetch as unknown as typeof globalThis.fetch);
    await expect(client()).rejects.toMatchObject({ kind: 'not-configured', message: expect.stringContaining('no access to https://evil.example/*') });
    expect(asked).toEqual(['https://evil.example/dev']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is built when the hosts are granted', async () => {
    const vault = memoryVault();
    await saveKey(vault, 'the-key');
    const client = await makeClientFactory(vault, async () => true)();
    expect(client).toBeDefined();
  });
});
