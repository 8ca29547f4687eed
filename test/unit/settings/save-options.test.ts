import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hostPatternsToRelease, hostPatternsToRequest, type HostAccess } from '@/lib/settings/host-access.ts';
import { toDraft, type SettingsDraft } from '@/lib/settings/form.ts';
import { checkOptions, saveOptions } from '@/lib/settings/save-options.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { getApiKey, loadSettings } from '@/lib/settings/store.ts';

const KEY = 'k-123';

function access(granted: boolean) {
  const request = vi.fn<HostAccess['request']>(async () => granted);
  const releaseAllBut = vi.fn<HostAccess['releaseAllBut']>(async () => undefined);
  return { request, releaseAllBut };
}

const snapshot = async () => ({
  local: await fakeBrowser.storage.local.get(null),
  session: await fakeBrowser.storage.session.get(null),
});

beforeEach(() => {
  fakeBrowser.reset();
});

describe('hostPatternsToRequest', () => {
  it('asks nothing for the sandbox hosts the manifest grants', () => {
    expect(hostPatternsToRequest(defaultSettings)).toEqual([]);
    expect(hostPatternsToRequest({ dataBaseUrl: 'http://localhost:9000/dev', integrationBaseUrl: 'http://127.0.0.1/v1' })).toEqual([]);
  });
  it('asks for each other host once, on every port, never for all URLs', () => {
    expect(
      hostPatternsToRequest({ dataBaseUrl: 'https://api.example.com:8443/dev', integrationBaseUrl: 'https://api.example.com/v1' }),
    ).toEqual(['https://api.example.com/*']);
    expect(hostPatternsToRequest({ dataBaseUrl: 'https://a.example/dev', integrationBaseUrl: 'http://localhost.evil.example/v1' })).toEqual([
      'https://a.example/*',
      'http://localhost.evil.example/*',
    ]);
    // https on the sandbox hosts is not what the manifest grants.
    expect(hostPatternsToRequest({ dataBaseUrl: 'https://localhost/dev', integrationBaseUrl: 'http://127.0.0.1/v1' })).toEqual([
      'https://localhost/*',
    ]);
  });
  it('asks for the proof page\'s host too, where it differs from the bases', () => {
    const bases = { dataBaseUrl: 'https://api.example.com/dev', integrationBaseUrl: 'https://api.example.com/v1' };
    expect(hostPatternsToRequest({ ...bases, proofPageTemplate: 'https://prove.example.com/p/{sessionId}' })).toEqual([
      'https://api.example.com/*',
      'https://prove.example.com/*',
    ]);
    expect(hostPatternsToRequest({ ...bases, proofPageTemplate: 'https://api.example.com/proof/{sessionId}' })).toEqual(['https://api.example.com/*']);
  });
});

describe('hostPatternsToRelease', () => {
  it('gives back runtime grants for hosts no longer configured, keeping the configured ones', () => {
    const granted = ['https://old.example/*', 'https://api.example.com/*', 'http://tried.example/*'];
    expect(hostPatternsToRelease(granted, ['https://api.example.com/*'])).toEqual(['https://old.example/*', 'http://tried.example/*']);
    expect(hostPatternsToRelease(granted, [])).toEqual(granted);
  });
  it('never touches the manifest\'s sandbox hosts or the content scripts\' wildcard patterns', () => {
    const granted = ['http://localhost/*', 'http://127.0.0.1/*', 'http://*/*', 'https://*/*', '<all_urls>', '*://*.example/*'];
    expect(hostPatternsToRelease(granted, [])).toEqual([]);
  });
});

describe('checkOptions', () => {
  it('reports settings and key problems together', () => {
    const r = checkOptions({ ...toDraft(defaultSettings, 'has space'), minScore: 'x' });
    expect(r).toEqual({ ok: false, errors: { minScore: expect.any(String), apiKey: expect.stringMatching(/^API key/) } });
  });
});

describe('saveOptions', () => {
  const remote: SettingsDraft = {
    ...toDraft(defaultSettings, ` ${KEY} `),
    dataBaseUrl: 'https://api.example.com/dev',
    integrationBaseUrl: 'https://api.example.com/v1',
    defaultProject: 'nebula',
  };

  it('asks for host access first, then stores settings and key', async () => {
    const vault = memoryVault();
    const hostAccess = access(true);
    const r = await saveOptions(remote, { vault, hostAccess });
    expect(r.ok).toBe(true);
    expect(hostAccess.request).toHaveBeenCalledWith(['https://api.example.com/*']);
    expect(await loadSettings()).toMatchObject({ dataBaseUrl: 'https://api.example.com/dev', defaultProject: 'nebula' });
    expect(await getApiKey(vault)).toBe(KEY);
    // Then gives back whatever else was granted before.
    expect(hostAccess.releaseAllBut).toHaveBeenCalledWith(['https://api.example.com/*']);
    expect(hostAccess.releaseAllBut.mock.invocationCallOrder[0]).toBeGreaterThan(hostAccess.request.mock.invocationCallOrder[0]!);
  });

  it('still saves when giving back old host access fails', async () => {
    const hostAccess = { ...access(true), releaseAllBut: vi.fn(async () => Promise.reject(new Error('browser said no'))) };
    expect((await saveOptions(remote, { vault: memoryVault(), hostAccess })).ok).toBe(true);
    expect(await loadSettings()).toMatchObject({ dataBaseUrl: 'https://api.example.com/dev' });
  });

  it('asks for host access within the click: before anything else is awaited', () => {
    const hostAccess = access(true);
    void saveOptions(remote, { vault: memoryVault(), hostAccess });
    expect(hostAccess.request).toHaveBeenCalledTimes(1);
  });

  it('saves nothing, and asks nothing, when any field is invalid', async () => {
    const before = await snapshot();
    const hostAccess = access(true);
    const r = await saveOptions(
      { ...remote, proofPageTemplate: 'https://p.example/no-placeholder', apiKey: KEY },
      { vault: memoryVault(), hostAccess },
    );
    expect(r).toEqual({ ok: false, errors: { proofPageTemplate: 'Proof page URL must contain {sessionId}.' } });
    expect(hostAccess.request).not.toHaveBeenCalled();
    expect(await snapshot()).toEqual(before);
  });

  it('saves nothing, and asks nothing, for a plain-http service address off this computer', async () => {
    const before = await snapshot();
    const hostAccess = access(true);
    const r = await saveOptions(
      { ...remote, integrationBaseUrl: 'http://api.example.com/v1', apiKey: KEY },
      { vault: memoryVault(), hostAccess },
    );
    expect(r).toEqual({ ok: false, errors: { integrationBaseUrl: expect.stringMatching(/^Integration API base URL must use https:\/\//) } });
    expect(hostAccess.request).not.toHaveBeenCalled();
    expect(await snapshot()).toEqual(before);
  });

  it('saves nothing when host access is refused (or the request fails)', async () => {
    const before = await snapshot();
    for (const hostAccess of [access(false), { ...access(true), request: vi.fn(async () => Promise.reject(new Error('no gesture'))) }]) {
      const r = await saveOptions(remote, { vault: memoryVault(), hostAccess });
      expect(r).toEqual({ ok: false, errors: { permissions: expect.stringContaining('https://api.example.com/*') } });
      expect(await snapshot()).toEqual(before);
      expect(hostAccess.releaseAllBut).not.toHaveBeenCalled();
    }
  });

  it('saves nothing when the key cannot be sealed', async () => {
    const before = await snapshot();
    const broken = { getKey: () => Promise.reject(new Error('vault unavailable')) };
    await expect(saveOptions(remote, { vault: broken, hostAccess: access(true) })).rejects.toThrow('vault unavailable');
    expect(await snapshot()).toEqual(before);
  });
});
