/**
 * Named spans on the User Timing timeline (`performance.measure`), which
 * `npm run bench:popup` reads from the popup and the worker to say where a
 * cold open spends its time. Costs a timestamp per span; works in pages,
 * workers and Node alike.
 */
export const SPAN_PREFIX = 'vantage:';

/** Runs `work` and records its duration as the span `vantage:<name>` (also when it fails). */
export async function measured<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    try {
      performance.measure(SPAN_PREFIX + name, { start, end: performance.now() });
    } catch {
      // A timeline that refuses entries (a full buffer) must never break the work it times.
    }
  }
}
