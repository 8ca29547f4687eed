/** What the benchmarks share: reading `--runs N`, timing a piece of work, and reporting samples against a target. */

export function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isInteger(v) && v > 0 ? v : fallback;
}

export function summary(samples: number[]): { median: number; p95: number; min: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN };
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

export function report(label: string, samples: number[], target: number): boolean {
  const s = summary(samples);
  const ok = s.median <= target;
  console.log(
    `${label.padEnd(8)} median ${s.median.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  min ${s.min.toFixed(1)} ms` +
      `  (${samples.length} runs; target ≤ ${target} ms: ${ok ? 'met' : 'MISSED'})`,
  );
  return ok;
}
