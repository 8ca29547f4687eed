import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { generateScopeSecret } from '@/lib/cache/scope.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { memoryKey, memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { saveSettingsAndKey, settingsItem } from '@/lib/settings/store.ts';
import { saveKey } from '@/test/unit/fakes/save-key.ts';
import { trackScope } from '@/lib/stats/page-client.ts';
import { createPaintSnapshot, type SyncStore } from '@/lib/stats/paint-snapshot.ts';
import { eventually } from '@/test/unit/eventually.ts';

/**
 * The popup's first frame after Options changed the key or the service: the
 * pages' snapshot follows the scope worked out from the real settings and key
 * storage, so the other account's numbers are not in it.
 */

function localStorageLike(): SyncStore {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const entry = { value: { now: { total: 111 } }, storedAt: 1 };
const KEY = 'holderChange?project_id=nebula';

async function setup() {
  const vault = memoryVault();
  const secret = memoryKey(generateScopeSecret);
  const store = localStorageLike();
  const open = () => createPaintSnapshot(store, undefined, (w) => w());
  await saveKey(vault, 'key-a');
  // The popup, under key-a, paints a block and keeps it for its next open.
  const popup = open();
  await trackScope(popup, vault, secret).scope();
  popup.rememberEntry(KEY, entry);
  // Options, open while the user edits the settings.
  const options = open();
  await trackScope(options, vault, secret).scope();
  return { vault, open, options };
}

describe('paint snapshot following the settings and key', () => {
  beforeEach(() => fakeBrowser.reset());

  it('after a switch to another key, the popup\'s next first frame has none of the old account\'s numbers', async () => {
    const s = await setup();
    expect(s.open().entry(KEY)).toEqual(entry);
    await saveKey(s.vault, 'key-b');
    await eventually(() => expect(s.open().entry(KEY)).toBeUndefined());
  });

  it('the same after a switch to another service, or the key removed', async () => {
    for (const change of [
      (s: Awaited<ReturnType<typeof setup>>) => settingsItem.setValue({ ...defaultSettings, dataBaseUrl: 'https://api.example.com/dev' }).then(() => s),
      (s: Awaited<ReturnType<typeof setup>>) => saveKey(s.vault, ''),
    ]) {
      fakeBrowser.reset();
      const s = await setup();
      await change(s);
      await eventually(() => expect(s.open().entry(KEY)).toBeUndefined());
    }
  });

  it('keeps it when a save leaves the service and key as they were', async () => {
    const s = await setup();
    const adopted = vi.spyOn(s.options, 'adoptScope');
    await saveSettingsAndKey(s.vault, { ...defaultSettings, minScore: 700 }, 'key-a');
    await eventually(() => expect(adopted).toHaveBeenCalled());
    expect(s.open().entry(KEY)).toEqual(entry);
  });
});
