import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { hostPatternsToRequest, type HostAccess } from '../../../lib/settings/host-access.ts';
import { checkOptions, saveOptions, type OptionsDraft } from '../../../lib/settings/save-options.ts';
import { defaultSettings } from '../../../lib/settings/schema.ts';
import { memoryVault } from '../../../lib/settings/sealed-secret.ts';
import { getApiKey, loadSettings } from '../../../lib/settings/store.ts';

const KEY = 'k-123';

function access(granted: boolean) {
  const request = vi.fn<HostAccess['request']>(async () => granted);
  return { request };
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
});

describe('checkOptions', () => {
  it('reports settings and key problems together', () => {
    const r = checkOptions({ settings: { minScore: 'x' }, apiKey: 'has space' });
    expect(r).toEqual({ ok: false, errors: { minScore: expect.any(String), apiKey: expect.stringMatching(/^API key/) } });
  });
});

describe('saveOptions', () => {
  const remote: OptionsDraft = {
    settings: { dataBaseUrl: 'https://api.example.com/dev', integrationBaseUrl: 'https://api.example.com/v1', defaultProject: 'nebula' },
    apiKey: ` ${KEY} `,
  };

  it('asks for host access first, then stores settings and key', async () => {
    const vault = memoryVault();
    const hostAccess = access(true);
    const r = await saveOptions(remote, { vault, hostAccess });
    expect(r.ok).toBe(true);
    expect(hostAccess.request).toHaveBeenCalledWith(['https://api.example.com/*']);
    expect(await loadSettings()).toMatchObject({ dataBaseUrl: 'https://api.example.com/dev', defaultProject: 'nebula' });
    expect(await getApiKey(vault)).toBe(KEY);
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
      { settings: { ...remote.settings, proofPageTemplate: 'https://p.example/no-placeholder' }, apiKey: KEY },
      { vault: memoryVault(), hostAccess },
    );
    expect(r).toEqual({ ok: false, errors: { proofPageTemplate: 'Proof page URL must contain {sessionId}.' } });
    expect(hostAccess.request).not.toHaveBeenCalled();
    expect(await snapshot()).toEqual(before);
  });

  it('saves nothing when host access is refused (or the request fails)', async () => {
    const before = await snapshot();
    for (const hostAccess of [access(false), { request: vi.fn(async () => Promise.reject(new Error('no gesture'))) }]) {
      const r = await saveOptions(remote, { vault: memoryVault(), hostAccess });
      expect(r).toEqual({ ok: false, errors: { permissions: expect.stringContaining('https://api.example.com/*') } });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('saves nothing when the key cannot be sealed', async () => {
    const before = await snapshot();
    const broken = { getKey: () => Promise.reject(new Error('vault unavailable')) };
    await expect(saveOptions(remote, { vault: broken, hostAccess: access(true) })).rejects.toThrow('vault unavailable');
    expect(await snapshot()).toEqual(before);
  });
});
