import type { KeyVault } from '@/lib/settings/sealed-secret.ts';

/** The part of a browser storage area the migrations use (storage.local; a fake in tests). */
export interface StorageArea {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/** What a migration works with: raw storage (never the feature stores, which wait for the migrations) and the vault. */
export interface MigrationContext {
  readonly local: StorageArea;
  readonly vault: KeyVault;
  readonly now: () => number;
}

/**
 * One numbered step from layout `version - 1` to layout `version`. It must be
 * idempotent and crash-safe on its own: it writes each new form before it
 * deletes the old one, so running it again after a stop half-way finishes the
 * job and loses nothing.
 */
export interface Migration {
  readonly version: number;
  /** What it changes, for logs and the docs. */
  readonly name: string;
  migrate(ctx: MigrationContext): Promise<void>;
}
