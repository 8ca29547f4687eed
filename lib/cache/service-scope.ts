import type { ApiClient } from '@/lib/api/client.ts';
import { clientFor } from '@/lib/api/client-factory.ts';
import type { HostsGranted } from '@/lib/settings/host-access.ts';
import type { Settings } from '@/lib/settings/schema.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { loadSettingsAndKey, settingsItem, watchApiKey } from '@/lib/settings/store.ts';
import { measured } from '@/lib/timing/measure.ts';
import { cacheScope, type ScopeSecret } from './scope.ts';
import { inputsDigest, memoScope, scopeMemoItem } from './scope-memo.ts';

/** What a client and a cache scope are made of, read together. */
interface ScopeInputs {
  readonly settings: Settings;
  readonly apiKey: string;
  /** Null without a key. */
  readonly scope: string | null;
}

/**
 * What a worker fetch runs with: a client, and the scope (lib/cache/scope.ts)
 * its answers are cached under, both made from one read of the settings and
 * key, so an answer is never stored under another key's scope.
 */
export interface ServiceContext {
  readonly client: ApiClient;
  readonly scope: string;
}

/**
 * The worker cache's context: a client from the current settings and key,
 * with their scope (lib/api/client-factory.ts). The settings, the key
 * (unsealed from the vault) and the scope are read once and shared by every
 * fetch until one of them changes (`watch`, by default the storage events
 * of either base URL or the key): a popup's first open asks for a handful of
 * blocks at once, and each unsealing the key and deriving the scope again
 * made them queue. The host grant is still asked on every use.
 * Until the storage event of a change arrives, fetches use the settings and
 * key from before it, together, as a fetch started just before the change does.
 */
export function makeServiceContext(
  vault: KeyVault, secret: ScopeSecret, hostsGranted: HostsGranted, fetchImpl?: typeof fetch,
  watch: (changed: () => void) => unknown = watchScopeInputs,
): () => Promise<ServiceContext> {
  let inputs: Promise<ScopeInputs> | undefined;
  watch(() => (inputs = undefined));
  const read = (): Promise<ScopeInputs> => {
    const reading = measured('worker.settings-key', () => readScopeInputs(vault, secret, 'worker.scope-secret'));
    // A failed read is not kept: the next fetch reads again.
    reading.catch(() => {
      if (inputs === reading) inputs = undefined;
    });
    return reading;
  };
  return () =>
    measured('worker.context', async () => {
      const { settings, apiKey, scope } = await (inputs ??= read());
      // Rejects without a key (then there is no scope either) or without the hosts granted.
      const { client } = await clientFor({ settings, apiKey }, hostsGranted, fetchImpl);
      return { client, scope: scope! };
    });
}

/** True when cached answers no longer describe the configured service. */
export function serviceChanged(before: Partial<Settings> | null | undefined, after: Partial<Settings> | null | undefined): boolean {
  return before?.dataBaseUrl !== after?.dataBaseUrl || before?.integrationBaseUrl !== after?.integrationBaseUrl;
}

/**
 * The settings and key stored now, and their scope (null without a key): the
 * session's memo of it when that was worked out from the same settings and
 * key (./scope-memo.ts), read with them; else worked out under the scope
 * secret from IndexedDB, and kept for the next reader.
 */
async function readScopeInputs(vault: KeyVault, secret: ScopeSecret, span?: string): Promise<ScopeInputs> {
  const [{ settings, apiKey }, memo] = await Promise.all([
    loadSettingsAndKey(vault),
    // A memo that cannot be read is only a memo missed.
    scopeMemoItem.getValue().catch(() => null),
  ]);
  if (!apiKey) return { settings, apiKey, scope: null };
  const of = await inputsDigest(settings, apiKey);
  const remembered = memoScope(memo, of);
  if (remembered) return { settings, apiKey, scope: remembered };
  const key = await (span ? measured(span, () => secret.getKey()) : secret.getKey());
  const scope = await cacheScope(settings, apiKey, key);
  await scopeMemoItem.setValue({ of, scope }).catch((e: unknown) => console.warn('Vantage: cache scope not kept for the session:', String(e)));
  return { settings, apiKey, scope };
}

/** The scope of the settings and key stored now; null when no key is set (no account: nothing cached is served). */
export async function currentScope(vault: KeyVault, secret: ScopeSecret): Promise<string | null> {
  return (await readScopeInputs(vault, secret)).scope;
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
