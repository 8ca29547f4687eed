import { vi } from 'vitest';

/**
 * How long a unit test waits for what the code under test does on its own (a render, a message, a timer): long
 * enough for a loaded 2-core machine, where a module imported on first use is transformed mid-wait (vitest's 1 s
 * default failed tests that were right), and still well within a test's own time-out. A wait that ends as soon as
 * its check passes costs nothing more when the machine is quick.
 */
const WAIT_MS = 10_000;

/** Runs `check` until it stops throwing (or its promise stops rejecting), up to `timeoutMs`; resolves its result. */
export const eventually = <T>(check: () => T | Promise<T>, timeoutMs = WAIT_MS): Promise<T> =>
  vi.waitFor(check, { timeout: timeoutMs, interval: 20 });
