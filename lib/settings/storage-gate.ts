/**
 * What every reader and writer of a migrated stored item waits for in this
 * context: the storage schema's migrations (lib/storage/prepare.ts). The
 * worker and the extension pages hold the gate while they bring storage up to
 * date; until a context does, the gate is open (tests, content scripts).
 * A failed migration opens the gate too: features then read what they can,
 * and the next worker start tries again (the old data stays where it was).
 */
let gate: Promise<unknown> = Promise.resolve();

/** Holds this context's storage reads and writes until `done` settles. */
export function holdStorageUntil(done: Promise<unknown>): void {
  gate = done.catch(() => undefined);
}

/** Resolves once this context's storage is ready to be read. */
export function storageSettled(): Promise<unknown> {
  return gate;
}
