/**
 * `npm run test:repeat -- <file> [N] [--at-once K]`: runs one test file N times (default 10), K side by side
 * (default 1), and prints each run's outcome as it ends, then the pass count and the slowest run. A change to a flow
 * that waits on a browser, a clock or a service is run this way before anyone builds on it (README, "Tests").
 * Builds what the file's suite needs once, first; each run's output is kept under test-results/repeat/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describeRun, parseRepeatArgs, summarise, SUITE_CONFIG, type RunOutcome } from './repeat-plan.ts';

const parsed = parseRepeatArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const { file, runs, suite, atOnce } = parsed;
if (!existsSync(file)) {
  console.error(`test:repeat: there is no ${file} (a path from the repository's root).`);
  process.exit(2);
}

// The real-browser suite runs the built extensions; every suite needs the SDK built (its tests import dist/).
const build = spawnSync('npm', ['run', suite === 'e2e' ? 'build:e2e' : 'build:sdk', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const logDir = join('test-results', 'repeat');
await mkdir(logDir, { recursive: true });

function runOnce(log: string): Promise<RunOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--config', SUITE_CONFIG[suite], file], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const out = createWriteStream(log);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on('close', (code) => resolve({ passed: code === 0, ms: performance.now() - started }));
  });
}

const outcomes: RunOutcome[] = [];
let next = 1;
/** One lane: takes the next run until none is left. K lanes keep K runs going. */
async function lane(): Promise<void> {
  while (next <= runs) {
    const i = next++;
    const log = join(logDir, `${basename(file)}.${i}.log`);
    const outcome = await runOnce(log);
    outcomes[i - 1] = outcome;
    console.log(describeRun(i, runs, outcome, log));
  }
}
await Promise.all(Array.from({ length: Math.min(atOnce, runs) }, lane));
console.log(summarise(file, outcomes, atOnce));
process.exit(outcomes.every((o) => o.passed) ? 0 : 1);
