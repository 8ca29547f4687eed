import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { siteLists } from '@/lib/settings/site-lists.ts';

describe('per-site lists', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keep a site on one list at most: blocking an allowed site takes it off the allowed list, and back', async () => {
    const lists = siteLists(memoryVault());
    await lists.list('allowed', 'https://dapp.example/some/page');
    expect(await lists.isListed('allowed', 'https://dapp.example')).toBe(true);
    await lists.list('blocked', 'https://dapp.example');
    expect(await lists.isListed('allowed', 'https://dapp.example')).toBe(false);
    expect(await lists.isListed('blocked', 'https://dapp.example')).toBe(true);
    await lists.list('allowed', 'https://dapp.example');
    expect(await lists.isListed('blocked', 'https://dapp.example')).toBe(false);
    await lists.unlist('allowed', 'https://dapp.example');
    expect(await lists.isListed('allowed', 'https://dapp.example')).toBe(false);
  });

  it('store origins only, each once', async () => {
    const lists = siteLists(memoryVault());
    await lists.list('blocked', 'https://a.example/x');
    await lists.list('blocked', 'https://a.example/y');
    expect((await lists.get()).blocked).toEqual([{ origin: 'https://a.example', addedAt: expect.any(Number) }]);
    await expect(lists.list('blocked', 'javascript:alert(1)')).rejects.toThrow(/not a web origin/);
  });

  it('are unreadable in storage, and a list written there by anyone else (a content script in Firefox) counts for nothing', async () => {
    const lists = siteLists(memoryVault());
    await lists.list('allowed', 'https://dapp.example');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('dapp.example');
    // A page's content script writes its own site in, in plain text or as a sealed blob it made up.
    await fakeBrowser.storage.local.set({ siteLists: { allowed: [{ origin: 'https://evil.example', addedAt: 1 }], blocked: [] } });
    expect(await lists.isListed('allowed', 'https://evil.example')).toBe(false);
    await fakeBrowser.storage.local.set({ siteLists: { v: 1, iv: 'AAAAAAAAAAAAAAAA', data: btoa('{"allowed":[{"origin":"https://evil.example","addedAt":1}]}') } });
    expect(await lists.isListed('allowed', 'https://evil.example')).toBe(false);
    // Sealed by another install's key: it does not open here either.
    const elsewhere = siteLists(memoryVault());
    await elsewhere.list('allowed', 'https://evil.example');
    expect(await lists.isListed('allowed', 'https://evil.example')).toBe(false);
  });
});
