import { browser } from 'wxt/browser';
import { holdStorageUntil, storageSettled } from '@/lib/settings/storage-gate.ts';
import { indexedDbVault } from '@/lib/settings/key-vault.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import type { StorageArea } from './area.ts';
import { runMigrations, storedVersion, type MigrationRun } from './run-migrations.ts';
import { setAsideInvalidSettings } from './set-aside.ts';
import { SCHEMA_VERSION_KEY } from './schema.ts';
import { SCHEMA_VERSION } from './version.ts';

/** The extension-wide lock name the migrations run under (Web Locks API). */
export const MIGRATION_LOCK = 'vantage-storage-migration';

const local = (): StorageArea => browser.storage.local as unknown as StorageArea;

/**
 * Brings storage up to this build's layout in this context (worker or
 * extension page), and holds this context's stored-item reads and writes
 * until it has (lib/settings/storage-gate.ts). Costs one read when storage is
 * current; the migrations themselves load only when they have work to do.
 */
export function prepareStorage(vault: KeyVault = indexedDbVault()): Promise<MigrationRun | null> {
  const run = (async () => {
    if (storedVersion(await local().get(SCHEMA_VERSION_KEY)) === SCHEMA_VERSION) return null;
    return migrateNow(vault);
  })();
  run.catch((e: unknown) => console.error('Vantage: storage could not be migrated:', e));
  holdStorageUntil(run);
  return run;
}

/** Options, on opening: sets aside stored settings that no longer validate (after the migrations, under their lock). */
export async function setAsideInvalidSettingsNow(vault: KeyVault = indexedDbVault()): Promise<boolean> {
  await storageSettled();
  const { originLock } = await import('./lock.ts');
  return originLock(MIGRATION_LOCK)(() => setAsideInvalidSettings({ local: local(), vault, now: Date.now }));
}

async function migrateNow(vault: KeyVault): Promise<MigrationRun> {
  const [{ MIGRATIONS }, { originLock }] = await Promise.all([import('./migrations/index.ts'), import('./lock.ts')]);
  return runMigrations({ local: local(), vault, now: Date.now }, MIGRATIONS, originLock(MIGRATION_LOCK));
}
