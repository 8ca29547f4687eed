import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { inTurn } from '@/lib/async/in-turn.ts';
import { recentLookups } from '@/lib/score/recent.ts';
import type { Migration } from '@/lib/storage/area.ts';
import { MIGRATIONS } from '@/lib/storage/migrations/index.ts';
import { prepareStorage } from '@/lib/storage/prepare.ts';
import { runMigrations } from '@/lib/storage/run-migrations.ts';
import { SCHEMA_VERSION } from '@/lib/storage/version.ts';
import { holdStorageUntil } from '@/lib/settings/storage-gate.ts';
import { memoryVault } from '@/test/unit/fakes/memory-vault.ts';
import { contextFor, FIXTURES, local, seedFixture } from './fixture.ts';

beforeEach(() => {
  fakeBrowser.reset();
  holdStorageUntil(Promise.resolve());
});

/** Migrations that log when they run. */
function logged(log: string[], count: number): Migration[] {
  return Array.from({ length: count }, (_, i) => ({
    version: i + 1,
    name: `step ${i + 1}`,
    migrate: async () => void log.push(`step ${i + 1}`),
  }));
}

describe('the migrations list', () => {
  it('is numbered 1, 2, 3 … in order, each with its own file, and the schema version is its last', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(new Set(MIGRATIONS.map((m) => m.migrate)).size).toBe(MIGRATIONS.length);
  });
});

describe('runMigrations', () => {
  it('runs the steps after the stored version, in order, writing the version after each', async () => {
    const log: string[] = [];
    await local().set({ schemaVersion: 1 });
    const seen: unknown[] = [];
    const steps = logged(log, 3).map((m) => ({ ...m, migrate: async () => {
      seen.push((await local().get('schemaVersion')).schemaVersion);
      log.push(m.name);
    } }));
    expect(await runMigrations(contextFor(memoryVault()), steps, inTurn())).toEqual({ from: 1, to: 3, newer: false });
    expect(log).toEqual(['step 2', 'step 3']);
    expect(seen).toEqual([1, 2]);
    expect((await local().get('schemaVersion')).schemaVersion).toBe(3);
  });

  it('runs each step once, however many contexts ask at the same time', async () => {
    const log: string[] = [];
    const lock = inTurn();
    const steps = logged(log, 2);
    await Promise.all([1, 2, 3].map(() => runMigrations(contextFor(memoryVault()), steps, lock)));
    expect(log).toEqual(['step 1', 'step 2']);
  });

  it('leaves storage a newer build wrote alone', async () => {
    const log: string[] = [];
    await local().set({ schemaVersion: 7, settings: { defaultProject: 'x' } });
    expect(await runMigrations(contextFor(memoryVault()), logged(log, 2), inTurn())).toEqual({ from: 7, to: 7, newer: true });
    expect(log).toEqual([]);
    expect(await local().get(null)).toEqual({ schemaVersion: 7, settings: { defaultProject: 'x' } });
  });

  it('stops at a failing step, its version unwritten, so the next run starts there', async () => {
    const log: string[] = [];
    let fail = true;
    const steps = logged(log, 3).map((m) => (m.version === 2 ? { ...m, migrate: async () => {
      if (fail) throw new Error('stopped');
      log.push(m.name);
    } } : m));
    await expect(runMigrations(contextFor(memoryVault()), steps, inTurn())).rejects.toThrow('stopped');
    expect((await local().get('schemaVersion')).schemaVersion).toBe(1);
    fail = false;
    await runMigrations(contextFor(memoryVault()), steps, inTurn());
    expect(log).toEqual(['step 1', 'step 2', 'step 3']);
  });
});

describe('prepareStorage', () => {
  it('holds the stored items until storage is migrated: a read right after it sees the new layout', async () => {
    const vault = memoryVault();
    await seedFixture(FIXTURES['0296be6']!, vault);
    void prepareStorage(vault);
    expect(await recentLookups(vault).load()).toEqual(FIXTURES['0296be6']!.local.scoreRecent);
  });

  it('costs one read when storage is current, writing nothing', async () => {
    await local().set({ schemaVersion: SCHEMA_VERSION });
    expect(await prepareStorage(memoryVault())).toBeNull();
    expect(await local().get(null)).toEqual({ schemaVersion: SCHEMA_VERSION });
  });

  it('marks a fresh install with this build\'s version', async () => {
    await prepareStorage(memoryVault());
    expect(await local().get(null)).toEqual({ schemaVersion: SCHEMA_VERSION });
  });
});
