import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { WorkerDeps } from '@/lib/background/feature.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import { saveSettingsAndKey, sessionKeyLostItem } from '@/lib/settings/store.ts';
import { settingsWorker } from '@/lib/settings/worker.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

/** Settings in the worker: the connection test takes a draft key, so only the extension's own pages may ask for it. */
describe('settingsWorker', () => {
  it('answers the connection test for extension pages only, with a checked payload', () => {
    const { routes } = settingsWorker.init({ hostsGranted: async () => true } as unknown as WorkerDeps);
    const route = routes?.['settings.testConnection'];
    expect(route?.allow).toEqual(['extension-page']);
    expect(() => route?.parse?.({ dataBaseUrl: 1 })).toThrow();
  });

  it('notes a session-only key an update took, when the update event comes', async () => {
    const vault = memoryVault();
    await saveSettingsAndKey(vault, { ...defaultSettings, keyInSessionOnly: true }, 'k-123');
    await fakeBrowser.storage.session.clear();
    settingsWorker.init({ vault } as unknown as WorkerDeps).listen!();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0', temporary: false });
    await expect.poll(() => sessionKeyLostItem.getValue()).not.toBeNull();
  });
});
