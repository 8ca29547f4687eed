import { ApiClient, type ClientConfig } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { KeyVault } from '../settings/sealed-secret.ts';
import { getApiKey, loadSettings } from '../settings/store.ts';

/** Per-use tuning: the proof flow polls with single attempts and backs off itself. */
export type ClientOverrides = Partial<Pick<ClientConfig, 'backoff' | 'timeoutMs'>>;

/**
 * Builds an API client from the current settings and key, on each use, so a
 * change in Options takes effect at once. Only the worker calls this.
 */
export function makeClientFactory(vault: KeyVault, fetchImpl?: typeof fetch): (overrides?: ClientOverrides) => Promise<ApiClient> {
  return async (overrides = {}) => {
    const [settings, apiKey] = await Promise.all([loadSettings(), getApiKey(vault)]);
    if (!apiKey) throw new ApiError({ kind: 'not-configured', message: 'No API key is set.' });
    return new ApiClient({
      apiKey,
      dataBaseUrl: settings.dataBaseUrl,
      integrationBaseUrl: settings.integrationBaseUrl,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      ...overrides,
    });
  };
}
