/**
 * `npm test`: every suite, the real-browser one overlapped with the rest.
 *
 * The real-browser tests wait on the product most of their time (a poll, a window, a worker waking), which leaves a
 * core partly idle; the unit and sandbox tests fill it: they start with the extension builds and run beside the
 * real-browser tests at a lower priority (nice), so a browser test's own waits are not stretched by them. Their
 * output is kept and printed as one block once the real-browser run has ended; a line says when they finished.
 * Then the ten slowest files of both suites. `npm run test:unit` and `npm run test:e2e` run one suite alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeSlowest, readSuiteTimes } from './file-times.ts';

interface Outcome {
  readonly ok: boolean;
  readonly ms: number;
}

const logDir = 'test-results';
await mkdir(logDir, { recursive: true });

/** Runs a command with its output on this terminal. */
function run(cmd: string, args: readonly string[]): Promise<Outcome> {
  return settled(spawn(cmd, args, { stdio: 'inherit' }));
}

/** Runs a command with its output kept in `log`, to print later, at a niceness of `nice`. */
function runKept(cmd: string, args: readonly string[], log: string, nice = 0): Promise<Outcome> {
  const out = createWriteStream(log);
  const child = spawn(nice ? 'nice' : cmd, nice ? ['-n', String(nice), cmd, ...args] : args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as the terminal this runs in would show them.
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  return settled(child).then((outcome) => new Promise((resolve) => out.end(() => resolve(outcome))));
}

function settled(child: ChildProcess): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    child.on('error', () => resolve({ ok: false, ms: performance.now() - started }));
    child.on('close', (code) => resolve({ ok: code === 0, ms: performance.now() - started }));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const print = async (log: string) => process.stdout.write(await readFile(log, 'utf8'));

// The browsers first: it says what to install when one is missing.
if (!(await run('npm', ['run', 'test:browsers', '--silent'])).ok) process.exit(1);

// The SDK, which both suites import, and the Chromium build at once (the SDK's lines once it has built).
const sdkLog = join(logDir, 'build-sdk.log');
const [sdk, chromium] = await Promise.all([runKept('npm', ['run', 'build:sdk', '--silent'], sdkLog), run('npx', ['wxt', 'build'])]);
await print(sdkLog);
if (!sdk.ok) process.exit(1);

// The unit and sandbox tests, in the background: their output to a file, printed at the end.
const unitLog = join(logDir, 'unit.log');
const unitDone = runKept('npx', ['vitest', 'run'], unitLog, 10).then((outcome) => {
  console.log(`\n[npm test] the unit and sandbox tests ${outcome.ok ? 'passed' : 'FAILED'} in ${seconds(outcome.ms)}; their output follows the real-browser tests (${unitLog}).\n`);
  return outcome;
});
console.log(`\n[npm test] the unit and sandbox tests run in the background (${unitLog}); the Firefox build and the real-browser tests follow here.\n`);

// The Firefox build, then the real-browser tests.
const built = chromium.ok && (await run('npx', ['wxt', 'build', '-b', 'firefox'])).ok;
const e2e = built && (await run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts'])).ok;

const unit = await unitDone;
console.log('\n[npm test] the unit and sandbox tests:\n');
await print(unitLog);

console.log(`\n${describeSlowest(await readSuiteTimes())}`);
console.log(`\n[npm test] unit and sandbox: ${unit.ok ? 'passed' : 'FAILED'}; builds and real browsers: ${e2e ? 'passed' : 'FAILED'}.`);
process.exit(unit.ok && e2e ? 0 : 1);
