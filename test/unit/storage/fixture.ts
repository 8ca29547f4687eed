import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openSealedJson, sealJson } from '@/lib/settings/sealed-json.ts';
import { isSealedSecret, seal, unseal, type KeyVault } from '@/lib/settings/sealed-secret.ts';
import type { MigrationContext, StorageArea } from '@/lib/storage/area.ts';
import layout0296be6 from './fixtures/layout-0296be6.json';
import layout2722f27 from './fixtures/layout-2722f27.json';
import layout010 from './fixtures/layout-0.1.0.json';
import layoutBc338ad from './fixtures/layout-bc338ad.json';

/**
 * A dump of storage.local as one build wrote it. What that build sealed is
 * kept in clear (`sealed`: JSON stores; `sealedText`: the API key) and sealed
 * here with the test's vault: the real vault key is non-extractable.
 */
export interface StorageFixture {
  readonly build: string;
  readonly local: Readonly<Record<string, unknown>>;
  readonly sealed: Readonly<Record<string, unknown>>;
  readonly sealedText: Readonly<Record<string, string>>;
  readonly session: Readonly<Record<string, unknown>>;
}

/** Every layout a build wrote before schema 1 (unmarked), oldest first. */
export const FIXTURES: Readonly<Record<string, StorageFixture>> = {
  '0296be6': layout0296be6,
  '2722f27': layout2722f27,
  '0.1.0': layout010,
};

/** Layouts of schema 1, as the builds before schema 2 wrote them. */
export const SCHEMA_1_FIXTURES: Readonly<Record<string, StorageFixture>> = {
  bc338ad: layoutBc338ad,
};

export const local = (): StorageArea => fakeBrowser.storage.local as unknown as StorageArea;

export async function seedFixture(f: StorageFixture, vault: KeyVault): Promise<void> {
  const sealed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f.sealed)) sealed[k] = await sealJson(vault, v);
  for (const [k, v] of Object.entries(f.sealedText)) sealed[k] = await seal(vault, v);
  await fakeBrowser.storage.local.set({ ...structuredClone(f.local), ...sealed });
  if (Object.keys(f.session).length) await fakeBrowser.storage.session.set(structuredClone(f.session));
}

export function contextFor(vault: KeyVault, area: StorageArea = local(), now = () => 1_764_200_000_000): MigrationContext {
  return { local: area, vault, now };
}

/** storage.local with every sealed value opened (ivs differ between runs; what they hold must not). */
export async function openedStorage(vault: KeyVault): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(await local().get(null))) {
    if (!isSealedSecret(v)) out[k] = v;
    else if (k === 'apiKeySealed') out[k] = { sealedText: await unseal(vault, v) };
    else {
      const opened = await openSealedJson(vault, v);
      out[k] = { sealed: opened.state === 'open' ? opened.json : opened.state };
    }
  }
  return out;
}

/**
 * storage.local that fails on its `failAt`-th change (set or remove), as a
 * worker stopped at that point would leave it: the changes before it landed.
 */
export function stoppingArea(failAt: number): StorageArea & { readonly changes: number } {
  const inner = local();
  let changes = 0;
  const change = <T>(run: () => Promise<T>): Promise<T> => {
    changes += 1;
    if (changes === failAt) return Promise.reject(new Error('worker stopped'));
    return run();
  };
  return {
    get: (keys) => inner.get(keys),
    set: (items) => change(() => inner.set(items)),
    remove: (keys) => change(() => inner.remove(keys)),
    get changes() {
      return changes;
    },
  };
}
