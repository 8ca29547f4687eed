/**
 * `npm run test:repeat -- <file> [N] [--at-once K]`: one test file run N times, K runs side by side (1 by default),
 * to find a flake before it lands. Alone, a file has the machine to itself; inside `npm test` it shares both cores
 * with another real-browser file, and a test that only fails under that load (a wait or a latency that holds on an
 * idle machine) passes ten runs alone. `--at-once 2` gives it the suite's load, `--at-once 3` more. The pure part (the arguments, which
 * suite a file belongs to, the summary); test/setup/repeat.ts runs it.
 */

export const DEFAULT_RUNS = 10;
const MAX_RUNS = 100;
/** More copies than this of one file mostly measure the machine's memory, not the suite's load. */
const MAX_AT_ONCE = 6;

export type Suite = 'unit' | 'e2e';

export interface RepeatPlan {
  readonly file: string;
  readonly runs: number;
  readonly suite: Suite;
  /** Runs side by side. */
  readonly atOnce: number;
}

/** The vitest config of each suite (the unit config holds the sandbox's own HTTP tests too). */
export const SUITE_CONFIG: Record<Suite, string> = { unit: 'vitest.config.ts', e2e: 'vitest.e2e.config.ts' };

export const USAGE =
  'usage: npm run test:repeat -- <test file> [runs, default 10] [--at-once K, runs side by side, default 1]   e.g. npm run test:repeat -- test/e2e/proof.e2e.test.ts 10 --at-once 3';

/** A whole number from 1 to max, or the line that says it is not. */
function wholeNumber(what: string, text: string | undefined, max: number): number | { readonly error: string } {
  const n = Number(text);
  return text !== undefined && /^\d+$/.test(text) && n >= 1 && n <= max ? n : { error: `test:repeat: ${what} is a whole number from 1 to ${max}, not "${text ?? ''}".` };
}

/** The plan, or the one line that says what is wrong with the arguments. */
export function parseRepeatArgs(args: readonly string[]): RepeatPlan | { readonly error: string } {
  const flag = args.indexOf('--at-once');
  let atOnce: number | { readonly error: string } = 1;
  if (flag >= 0) atOnce = wholeNumber('--at-once', args[flag + 1], MAX_AT_ONCE);
  if (typeof atOnce !== 'number') return atOnce;
  const [file, count, ...rest] = flag >= 0 ? [...args.slice(0, flag), ...args.slice(flag + 2)] : args;
  if (!file || rest.length || file.startsWith('--')) return { error: USAGE };
  if (!/\.test\.tsx?$/.test(file)) return { error: `test:repeat: ${file} is not a test file (*.test.ts or *.test.tsx).\n${USAGE}` };
  const runs = count === undefined ? DEFAULT_RUNS : wholeNumber('the number of runs', count, MAX_RUNS);
  if (typeof runs !== 'number') return runs;
  return { file, runs, suite: /\.e2e\.test\.tsx?$/.test(file) ? 'e2e' : 'unit', atOnce };
}

export interface RunOutcome {
  readonly passed: boolean;
  readonly ms: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line per run as it ends. */
export function describeRun(i: number, runs: number, outcome: RunOutcome, log: string): string {
  return `run ${i}/${runs}: ${outcome.passed ? 'passed' : 'FAILED'} in ${seconds(outcome.ms)}${outcome.passed ? '' : ` (its output: ${log})`}`;
}

/** The last lines: the pass count (and how many ran at once), then the slowest run and the median. */
export function summarise(file: string, outcomes: readonly RunOutcome[], atOnce = 1): string {
  const passed = outcomes.filter((o) => o.passed).length;
  const byTime = outcomes.map((o, i) => ({ ...o, run: i + 1 })).sort((a, b) => b.ms - a.ms);
  const slowest = byTime[0];
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
  return [
    `${file}: ${passed} of ${outcomes.length} runs passed${atOnce > 1 ? `, ${atOnce} at a time` : ''}`,
    slowest ? `slowest run: ${seconds(slowest.ms)} (run ${slowest.run}, ${slowest.passed ? 'passed' : 'failed'}); median ${seconds(median)}` : '',
  ].filter(Boolean).join('\n');
}
