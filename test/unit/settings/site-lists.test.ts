import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { isListed, listSite, unlistSite } from '../../../lib/settings/site-lists.ts';

describe('per-site lists', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keep a site on one list at most: blocking an allowed site takes it off the allowed list, and back', async () => {
    await listSite('allowed', 'https://dapp.example/some/page');
    expect(await isListed('allowed', 'https://dapp.example')).toBe(true);
    await listSite('blocked', 'https://dapp.example');
    expect(await isListed('allowed', 'https://dapp.example')).toBe(false);
    expect(await isListed('blocked', 'https://dapp.example')).toBe(true);
    await listSite('allowed', 'https://dapp.example');
    expect(await isListed('blocked', 'https://dapp.example')).toBe(false);
    await unlistSite('allowed', 'https://dapp.example');
    expect(await isListed('allowed', 'https://dapp.example')).toBe(false);
  });

  it('store origins only, each once', async () => {
    await listSite('blocked', 'https://a.example/x');
    await listSite('blocked', 'https://a.example/y');
    expect((await fakeBrowser.storage.local.get('blockedSites')).blockedSites).toEqual([{ origin: 'https://a.example', addedAt: expect.any(Number) }]);
    await expect(listSite('blocked', 'javascript:alert(1)')).rejects.toThrow(/not a web origin/);
  });
});
