import { ApiClient, type ClientConfig } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { cacheScope, type ScopeSecret } from '@/lib/cache/scope.ts';
import type { ServiceContext } from '@/lib/cache/service-scope.ts';
import { notGrantedMessage, type HostsGranted } from '@/lib/settings/host-access.ts';
import type { Settings } from '@/lib/settings/schema.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { loadSettingsAndKey } from '@/lib/settings/store.ts';

/** Per-use tuning: the proof flow polls with single attempts and backs off itself. */
export type ClientOverrides = Partial<Pick<ClientConfig, 'backoff' | 'timeoutMs'>>;

/** The settings and key stored now; rejects when no key is set, or the user has not granted the service's hosts. */
async function configured(vault: KeyVault, hostsGranted: HostsGranted): Promise<{ settings: Settings; apiKey: string }> {
  const read = await loadSettingsAndKey(vault);
  if (!read.apiKey) throw new ApiError({ kind: 'not-configured', message: 'No API key is set.' });
  if (!(await hostsGranted(read.settings))) throw new ApiError({ kind: 'not-configured', message: notGrantedMessage(read.settings) });
  return read;
}

function clientFor(settings: Settings, apiKey: string, fetchImpl: typeof fetch | undefined, overrides: ClientOverrides = {}): ApiClient {
  return new ApiClient({
    apiKey,
    dataBaseUrl: settings.dataBaseUrl,
    integrationBaseUrl: settings.integrationBaseUrl,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    ...overrides,
  });
}

/**
 * Builds an API client from the current settings and key, on each use, so a
 * change in Options takes effect at once. Only the worker calls this.
 */
export function makeClientFactory(vault: KeyVault, hostsGranted: HostsGranted, fetchImpl?: typeof fetch): (overrides?: ClientOverrides) => Promise<ApiClient> {
  return async (overrides) => {
    const { settings, apiKey } = await configured(vault, hostsGranted);
    return clientFor(settings, apiKey, fetchImpl, overrides);
  };
}

/** Like makeClientFactory, with the cache scope of the same settings and key (for the worker cache). */
export function makeServiceContext(vault: KeyVault, secret: ScopeSecret, hostsGranted: HostsGranted, fetchImpl?: typeof fetch): () => Promise<ServiceContext> {
  return async () => {
    const { settings, apiKey } = await configured(vault, hostsGranted);
    return { client: clientFor(settings, apiKey, fetchImpl), scope: await cacheScope(settings, apiKey, await secret.getKey()) };
  };
}
