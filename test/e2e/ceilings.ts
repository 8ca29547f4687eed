/**
 * How long one browser step (a navigation, a locator's wait) may take before the test fails: a ceiling, not a goal
 * (a step takes well under a second on a quiet machine). The drivers' own default, 30 s, was met on a slow day of this
 * machine kind (2026-11-29: process starts, page faults and system calls several times their usual cost, every
 * file's CPU about twice), with three files side by side: a proof page's load in Firefox took over 30 s.
 */
export const STEP_CEILING_MS = 60_000;
/** A test's time-out where it names none (vitest.e2e.config.ts), and a hook's: ceilings of the same kind. */
export const TEST_CEILING_MS = 120_000;
export const HOOK_CEILING_MS = 240_000;
/**
 * How long the service may take to have a proof once the user proved on its page: proofs queue for the prover (the
 * proof files' lanes share one), and with three proof files side by side on a slow day (2026-11-29) one took over 60 s.
 */
export const PROVED_WITHIN_MS = 120_000;
