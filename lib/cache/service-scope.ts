import type { ApiClient } from '@/lib/api/client.ts';
import { configuredClient } from '@/lib/api/client-factory.ts';
import type { HostsGranted } from '@/lib/settings/host-access.ts';
import type { Settings } from '@/lib/settings/schema.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { loadSettingsAndKey, settingsItem, watchApiKey } from '@/lib/settings/store.ts';
import { measured } from '@/lib/timing/measure.ts';
import { cacheScope, type ScopeSecret } from './scope.ts';

/**
 * What a worker fetch runs with: a client, and the scope (lib/cache/scope.ts)
 * its answers are cached under, both made from one read of the settings and
 * key, so an answer is never stored under another key's scope.
 */
export interface ServiceContext {
  readonly client: ApiClient;
  readonly scope: string;
}

/** The worker cache's context: a client from the current settings and key, with their scope (lib/api/client-factory.ts). */
export function makeServiceContext(vault: KeyVault, secret: ScopeSecret, hostsGranted: HostsGranted, fetchImpl?: typeof fetch): () => Promise<ServiceContext> {
  return () =>
    measured('worker.context', async () => {
      const { client, settings, apiKey } = await configuredClient(vault, hostsGranted, fetchImpl);
      return { client, scope: await cacheScope(settings, apiKey, await measured('worker.scope-secret', () => secret.getKey())) };
    });
}

/** True when cached answers no longer describe the configured service. */
export function serviceChanged(before: Partial<Settings> | null | undefined, after: Partial<Settings> | null | undefined): boolean {
  return before?.dataBaseUrl !== after?.dataBaseUrl || before?.integrationBaseUrl !== after?.integrationBaseUrl;
}

/** The scope of the settings and key stored now; null when no key is set (no account: nothing cached is served). */
export async function currentScope(vault: KeyVault, secret: ScopeSecret): Promise<string | null> {
  const { settings, apiKey } = await loadSettingsAndKey(vault);
  return apiKey ? cacheScope(settings, apiKey, await secret.getKey()) : null;
}

/** Fires when what the scope is made of may have changed: either base URL, or the key. */
export function watchScopeInputs(changed: () => void): () => void {
  const unwatchService = settingsItem.watch((after, before) => {
    if (serviceChanged(before, after)) changed();
  });
  const unwatchKey = watchApiKey(changed);
  return () => {
    unwatchService();
    unwatchKey();
  };
}

/**
 * Calls `adopt` with the current scope whenever what it is made of may have
 * changed, one call at a time and in order of the changes: each reads the
 * scope after the previous call finished, so the last one always carries the
 * scope of the last change.
 */
export function followScope(read: () => Promise<string | null>, adopt: (scope: string | null) => unknown): () => void {
  let queue: Promise<unknown> = Promise.resolve();
  return watchScopeInputs(() => {
    queue = queue
      .then(async () => adopt(await read()))
      .catch((e: unknown) => console.warn('Vantage: cache scope not followed:', String(e)));
  });
}
