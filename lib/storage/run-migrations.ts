import type { InTurn } from '@/lib/async/in-turn.ts';
import type { Migration, MigrationContext } from './area.ts';
import { SCHEMA_VERSION_KEY } from './schema.ts';

/** The layout storage.local holds: 0 when unmarked (a build before schema 1, or a fresh install). */
export function storedVersion(stored: Record<string, unknown>): number {
  const v = stored[SCHEMA_VERSION_KEY];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

export interface MigrationRun {
  /** The layout found, and the one left. */
  readonly from: number;
  readonly to: number;
  /** Storage was written by a newer build (a downgrade): left as it is. */
  readonly newer: boolean;
}

/**
 * Brings storage.local up to the last migration's layout, holding `lock` so
 * no other page or worker migrates at the same time. Each migration runs
 * once, in order, and the version is written after each one: a stop half-way
 * resumes at the step that did not finish (which is idempotent).
 */
export function runMigrations(ctx: MigrationContext, migrations: readonly Migration[], lock: InTurn): Promise<MigrationRun> {
  return lock(async () => {
    const from = storedVersion(await ctx.local.get(SCHEMA_VERSION_KEY));
    const latest = migrations.at(-1)?.version ?? 0;
    if (from > latest) return { from, to: from, newer: true };
    let to = from;
    for (const m of migrations) {
      if (m.version <= to) continue;
      await m.migrate(ctx);
      await ctx.local.set({ [SCHEMA_VERSION_KEY]: m.version });
      to = m.version;
    }
    return { from, to, newer: false };
  });
}
