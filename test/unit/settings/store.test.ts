import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultSettings, type Settings } from '@/lib/settings/schema.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import {
  getApiKey,
  hasApiKey,
  keyLostInUpdate,
  noteKeyLostInUpdate,
  sessionKeyLostItem,
  loadSettings,
  saveSettingsAndKey,
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

  it('keeps what was saved, with no per-item version mark (the storage schema versions the layout)', async () => {
    await saveSettingsAndKey(memoryVault(), custom, '');
    expect(await loadSettings()).toEqual(custom);
    expect(await local()).not.toHaveProperty('settings$');
  });

  it('fills fields a newer version added, and repairs damaged ones, from the defaults', async () => {
    await fakeBrowser.storage.local.set({ settings: { defaultProject: 'quartz', minScore: 'many' } });
    expect(await loadSettings()).toEqual({ ...defaultSettings, defaultProject: 'quartz' });
    // Reading changes nothing: the damaged value stays for Options to set aside and show.
    expect((await local()).settings).toEqual({ defaultProject: 'quartz', minScore: 'many' });
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

describe('a session-only key across an update', () => {
  const sessionOnly = { ...defaultSettings, keyInSessionOnly: true };

  it('is gone after an update only when the user kept it for the session and none is set now', () => {
    expect(keyLostInUpdate({ reason: 'update' }, sessionOnly, '')).toBe(true);
    expect(keyLostInUpdate({ reason: 'update' }, sessionOnly, KEY)).toBe(false);
    expect(keyLostInUpdate({ reason: 'update' }, defaultSettings, '')).toBe(false);
    expect(keyLostInUpdate({ reason: 'install' }, sessionOnly, '')).toBe(false);
    expect(keyLostInUpdate({ reason: 'browser_update' }, sessionOnly, '')).toBe(false);
  });

  it('is noted when an update emptied storage.session, and the note goes once a key is entered', async () => {
    const vault = memoryVault();
    await saveSettingsAndKey(vault, sessionOnly, KEY);
    // What an update does to storage.session.
    await fakeBrowser.storage.session.clear();
    expect(await noteKeyLostInUpdate(vault, { reason: 'update' }, 42)).toBe(true);
    expect(await sessionKeyLostItem.getValue()).toBe(42);

    await saveSettingsAndKey(vault, sessionOnly, '');
    expect(await sessionKeyLostItem.getValue()).toBe(42);
    await saveSettingsAndKey(vault, sessionOnly, KEY);
    expect(await sessionKeyLostItem.getValue()).toBeNull();
  });

  it('is not noted when the key is sealed in storage.local (an update keeps it)', async () => {
    const vault = memoryVault();
    await saveSettingsAndKey(vault, defaultSettings, KEY);
    await fakeBrowser.storage.session.clear();
    expect(await noteKeyLostInUpdate(vault, { reason: 'update' })).toBe(false);
    expect(await local()).not.toHaveProperty('sessionKeyLost');
  });
});
