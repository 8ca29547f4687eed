/**
 * `npm run test:repeat -- <file> [N]`: one test file run N times in a row, to find a flake before it
 * lands. The pure part (the arguments, which suite a file belongs to, the summary); test/setup/repeat.ts runs it.
 */

export const DEFAULT_RUNS = 10;
const MAX_RUNS = 100;

export type Suite = 'unit' | 'e2e';

export interface RepeatPlan {
  readonly file: string;
  readonly runs: number;
  readonly suite: Suite;
}

/** The vitest config of each suite (the unit config holds the sandbox's own HTTP tests too). */
export const SUITE_CONFIG: Record<Suite, string> = { unit: 'vitest.config.ts', e2e: 'vitest.e2e.config.ts' };

export const USAGE = 'usage: npm run test:repeat -- <test file> [runs, default 10]   e.g. npm run test:repeat -- test/e2e/proof.e2e.test.ts 10';

/** The plan, or the one line that says what is wrong with the arguments. */
export function parseRepeatArgs(args: readonly string[]): RepeatPlan | { readonly error: string } {
  const [file, count, ...rest] = args;
  if (!file || rest.length) return { error: USAGE };
  if (!/\.test\.tsx?$/.test(file)) return { error: `test:repeat: ${file} is not a test file (*.test.ts or *.test.tsx).\n${USAGE}` };
  const runs = count === undefined ? DEFAULT_RUNS : Number(count);
  if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS) return { error: `test:repeat: the number of runs is a whole number from 1 to ${MAX_RUNS}, not "${count}".` };
  return { file, runs, suite: /\.e2e\.test\.tsx?$/.test(file) ? 'e2e' : 'unit' };
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

/** The last lines: the pass count, then the slowest run and the median. */
export function summarise(file: string, outcomes: readonly RunOutcome[]): string {
  const passed = outcomes.filter((o) => o.passed).length;
  const byTime = outcomes.map((o, i) => ({ ...o, run: i + 1 })).sort((a, b) => b.ms - a.ms);
  const slowest = byTime[0];
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
  return [
    `${file}: ${passed} of ${outcomes.length} runs passed`,
    slowest ? `slowest run: ${seconds(slowest.ms)} (run ${slowest.run}, ${slowest.passed ? 'passed' : 'failed'}); median ${seconds(median)}` : '',
  ].filter(Boolean).join('\n');
}
