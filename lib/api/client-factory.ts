import { notGrantedMessage, type HostsGranted } from '@/lib/settings/host-access.ts';
import type { Settings } from '@/lib/settings/schema.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { loadSettingsAndKey } from '@/lib/settings/store.ts';
import { measured } from '@/lib/timing/measure.ts';
import { ApiClient, type ClientConfig } from './client.ts';
import { ApiError } from './errors.ts';
import { t } from '@/lib/i18n/index.ts';

/** Per-use tuning: the proof flow polls with single attempts and backs off itself. */
export type ClientOverrides = Partial<Pick<ClientConfig, 'backoff' | 'timeoutMs'>>;

/** A client, and the one read of the settings and key it was made from. */
export interface ConfiguredClient {
  readonly client: ApiClient;
  readonly settings: Settings;
  readonly apiKey: string;
}

/**
 * A client for the settings and key stored now; rejects when no key is set,
 * or the user has not granted the service's hosts (the key goes nowhere else).
 * Read on each use, so a change in Options takes effect at once. Worker only.
 */
export async function configuredClient(
  vault: KeyVault, hostsGranted: HostsGranted, fetchImpl?: typeof fetch, overrides: ClientOverrides = {},
): Promise<ConfiguredClient> {
  return clientFor(await measured('worker.settings-key', () => loadSettingsAndKey(vault)), hostsGranted, fetchImpl, overrides);
}

/** configuredClient for settings and a key already read: the same checks, the host grant asked for now. */
export async function clientFor(
  { settings, apiKey }: { readonly settings: Settings; readonly apiKey: string },
  hostsGranted: HostsGranted, fetchImpl?: typeof fetch, overrides: ClientOverrides = {},
): Promise<ConfiguredClient> {
  if (!apiKey) throw new ApiError({ kind: 'not-configured', message: t('errors.client.noKey') });
  if (!(await measured('worker.hosts', () => hostsGranted(settings)))) throw new ApiError({ kind: 'not-configured', message: notGrantedMessage(settings) });
  const client = new ApiClient({
    apiKey,
    dataBaseUrl: settings.dataBaseUrl,
    integrationBaseUrl: settings.integrationBaseUrl,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    ...overrides,
  });
  return { client, settings, apiKey };
}

/** configuredClient as a factory: a fresh client from the current settings and key on each call. */
export function makeClientFactory(vault: KeyVault, hostsGranted: HostsGranted, fetchImpl?: typeof fetch): (overrides?: ClientOverrides) => Promise<ApiClient> {
  return async (overrides) => (await configuredClient(vault, hostsGranted, fetchImpl, overrides)).client;
}
