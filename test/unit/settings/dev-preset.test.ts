import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyDevPreset, devPreset } from '@/lib/settings/dev-preset.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { getApiKey, loadSettings, saveSettingsAndKey } from '@/lib/settings/store.ts';

const DEMO = 'vantage-sandbox-demo-key';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('devPreset', () => {
  it('offers the build key and the sandbox project on a fresh install', () => {
    expect(devPreset({ buildKey: DEMO, storedKey: '', settings: defaultSettings })).toEqual({
      apiKey: DEMO,
      settings: { ...defaultSettings, defaultProject: 'nebula' },
    });
  });
  it('keeps a project the user chose', () => {
    const settings = { ...defaultSettings, defaultProject: 'tidal' };
    expect(devPreset({ buildKey: DEMO, storedKey: '', settings })?.settings).toBe(settings);
  });
  it('does nothing for a production build or when a key is stored', () => {
    expect(devPreset({ buildKey: undefined, storedKey: '', settings: defaultSettings })).toBeNull();
    expect(devPreset({ buildKey: '  ', storedKey: '', settings: defaultSettings })).toBeNull();
    expect(devPreset({ buildKey: DEMO, storedKey: 'mine', settings: defaultSettings })).toBeNull();
  });
});

describe('applyDevPreset', () => {
  it('stores the demo key (sealed) and the project once', async () => {
    const vault = memoryVault();
    expect(await applyDevPreset(vault, DEMO)).toBe(true);
    expect(await getApiKey(vault)).toBe(DEMO);
    expect((await loadSettings()).defaultProject).toBe('nebula');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(DEMO);
    expect(await applyDevPreset(vault, DEMO)).toBe(false);
  });
  it('never replaces the user\'s key', async () => {
    const vault = memoryVault();
    await saveSettingsAndKey(vault, defaultSettings, 'users-own-key');
    expect(await applyDevPreset(vault, DEMO)).toBe(false);
    expect(await getApiKey(vault)).toBe('users-own-key');
  });
  it('stores nothing without a build key', async () => {
    expect(await applyDevPreset(memoryVault(), undefined)).toBe(false);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});
