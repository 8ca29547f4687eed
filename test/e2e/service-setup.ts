import { defaultSettings, type Settings } from '@/lib/settings/schema.ts';

/** Anything that can write extension storage: a browser driver or the Chromium harness. */
interface StorageWriter {
  setStorage(area: 'local' | 'session', items: Record<string, unknown>): Promise<void>;
}

/**
 * Points the extension at a service (test set-up; user flows go through
 * Options): the settings a saved form leaves in storage, with the service's
 * stage-prefixed data base and /v1 integration base, and the key for this
 * browser session only.
 */
export async function pointExtensionAt(ext: StorageWriter, service: { origin: string; apiKey: string }, settings: Partial<Settings> = {}): Promise<void> {
  await ext.setStorage('local', {
    settings: { ...defaultSettings, dataBaseUrl: `${service.origin}/dev`, integrationBaseUrl: `${service.origin}/v1`, ...settings },
    // The settings item's schema version (lib/settings/store.ts).
    settings$: { v: 2 },
  });
  await ext.setStorage('session', { apiKey: service.apiKey });
}
