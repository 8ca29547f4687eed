import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { defaultSettings, type Settings } from '@/lib/settings/schema.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import {
  getApiKey,
  hasApiKey,
  loadSettings,
  migrateSettingsV1toV2,
  saveSettingsAndKey,
  settingsItem,
  watchApiKey,
} from '@/lib/settings/store.ts';

const KEY = 'vantage-sandbox-demo-key';
const custom: Settings = { ...defaultSettings, defaultProject: 'tidal', minScore: 700, dataBaseUrl: 'https://api.example.com/stag' };

const local = () => fakeBrowser.storage.local.get(null) as Promise<Record<string, unknown>>;
const session = () => fakeBrowser.storage.session.get(null) as Promise<Record<string, unknown>>;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('settings item', () => {
  it('reads the sandbox defaults on a fresh install', async () => {
    expect(await loadSettings()).toEqual(defaultSettings);
  });

  it('keeps what was saved, with its layout version', async () => {
    await saveSettingsAndKey(memoryVault(), custom, '');
    expect(await loadSettings()).toEqual(custom);
    expect(await settingsItem.getMeta()).toEqual({ v: 2 });
  });

  it('fills fields a newer version added, and repairs damaged ones, from the defaults', async () => {
    await fakeBrowser.storage.local.set({ settings: { defaultProject: 'quartz', minScore: 'many' }, settings$: { v: 2 } });
    expect(await loadSettings()).toEqual({ ...defaultSettings, defaultProject: 'quartz' });
  });
});

describe('migration v1 → v2', () => {
  it('moves renamed fields over and marks the new version', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        dataBaseUrl: 'https://api.example.com/dev',
        proofUrl: 'https://proof.example/{sessionId}',
        project: 'nebula',
        scoreId: 'credit-lite',
        minScore: '640',
        verify: false,
      },
    });
    await settingsItem.migrate();
    const stored = await local();
    expect(stored.settings).toEqual({
      ...defaultSettings,
      dataBaseUrl: 'https://api.example.com/dev',
      proofPageTemplate: 'https://proof.example/{sessionId}',
      defaultProject: 'nebula',
      scoreId: 'credit-lite',
      minScore: 640,
      verifyBeforeHandOver: false,
    });
    expect(stored.settings$).toEqual({ v: 2 });
  });

  it('drops v1 values that do not validate', () => {
    expect(migrateSettingsV1toV2({ dataBaseUrl: 'ftp://x', minScore: -5, proofUrl: 'https://no-placeholder.example' })).toEqual(
      defaultSettings,
    );
    expect(migrateSettingsV1toV2(undefined)).toEqual(defaultSettings);
  });

  it('leaves a value already in the v2 shape unchanged, so running twice loses nothing', () => {
    expect(migrateSettingsV1toV2(custom)).toEqual(custom);
    expect(migrateSettingsV1toV2(migrateSettingsV1toV2({ project: 'tidal' }))).toEqual({ ...defaultSettings, defaultProject: 'tidal' });
  });
});

describe('the API key in storage', () => {
  it('is sealed in storage.local: the clear key is nowhere in it', async () => {
    const vault = memoryVault();
    await saveSettingsAndKey(vault, defaultSettings, KEY);
    const stored = await local();
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(stored.apiKeySealed).toMatchObject({ v: 1, iv: expect.any(String), data: expect.any(String) });
    expect(await session()).toEqual({});
    expect(await getApiKey(vault)).toBe(KEY);
  });

  it('cannot be opened without the vault that sealed it', async () => {
    await saveSettingsAndKey(memoryVault(), defaultSettings, KEY);
    expect(await getApiKey(memoryVault())).toBe('');
  });

  it('lives only in storage.session when kept for this session, and moves back when that is turned off', async () => {
    const vault = memoryVault();
    await saveSettingsAndKey(vault, defaultSettings, KEY);
    await saveSettingsAndKey(vault, { ...defaultSettings, keyInSessionOnly: true }, KEY);
    expect(JSON.stringify(await local())).not.toContain('"data"');
    expect(await session()).toEqual({ apiKey: KEY });
    expect(await getApiKey(vault)).toBe(KEY);

    await saveSettingsAndKey(vault, defaultSettings, KEY);
    expect(await session()).toEqual({});
    expect(await getApiKey(vault)).toBe(KEY);
  });

  it('is removed from both places when saved empty', async () => {
    const vault = memoryVault();
    await saveSettingsAndKey(vault, { ...defaultSettings, keyInSessionOnly: true }, KEY);
    await saveSettingsAndKey(vault, defaultSettings, '   ');
    expect(await hasApiKey(vault)).toBe(false);
    expect(await session()).toEqual({});
  });

  it('is stored trimmed, and watchers are told without the key', async () => {
    const vault = memoryVault();
    const seen: unknown[][] = [];
    const stop = watchApiKey((...args: unknown[]) => seen.push(args));
    await saveSettingsAndKey(vault, defaultSettings, `  ${KEY}\n`);
    expect(await getApiKey(vault)).toBe(KEY);
    stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen)).not.toContain(KEY);
  });
});
