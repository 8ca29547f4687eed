/**
 * Named spans on the User Timing timeline (`performance.measure`), which
 * `npm run bench:popup` reads from the popup and the worker to say where a
 * cold open spends its time. Works in pages, workers and Node alike.
 *
 * Recorded only in builds made for that benchmark (`WXT_SPANS=1`, which the
 * bench sets for its own build): the timeline keeps every entry until it is
 * cleared, and nothing in the product reads them, so a worker that stays up
 * would gain ~5 entries a service call for as long as it lives (12,981 after
 * 300 popup opens). Other builds run the work alone, at no cost.
 */
export const SPAN_PREFIX = 'vantage:';

/**
 * Read when the module loads: a build constant in the extension (Vite writes it in), the environment under test.
 * Plain Node (tsx: the benchmarks that run lib code) has no import.meta.env: nothing is recorded there.
 */
const RECORDING = typeof import.meta.env === 'object' && import.meta.env.WXT_SPANS === '1';

/** Runs `work`; in a benchmark build, records its duration as the span `vantage:<name>` (also when it fails). */
export async function measured<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!RECORDING) return work();
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
