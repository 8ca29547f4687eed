/**
 * The storage layout this build reads and writes: the number of the last
 * migration (lib/storage/migrations/index.ts; a test holds them equal). Kept
 * apart, so a page that finds storage current loads no migration code.
 */
export const SCHEMA_VERSION = 2;
