/**
 * `npm test`: the browsers checked, the SDK and both browsers' builds side by side, the unit and sandbox tests, the
 * real-browser tests, then the ten slowest files of both suites. `npm run test:unit` and
 * `npm run test:e2e` run one suite alone.
 *
 * The suites run one after the other: the real-browser suite keeps both cores busy (docs/benchmarks.md, "The test
 * suite"), and the unit tests run beside it at a lower priority were starved into their time-outs while saving
 * ~30 s of 9 minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { describeSlowest, readSuiteTimes } from './file-times.ts';

/** Whether the command ran and exited with 0. */
const succeeded = (child: ChildProcess): Promise<boolean> =>
  new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });

/** Runs a command with its output on this terminal. */
const run = (cmd: string, args: readonly string[]) => succeeded(spawn(cmd, args, { stdio: 'inherit' }));

/** Runs a command with its output held back, printed in one piece once it has ended. */
async function runHeld(cmd: string, args: readonly string[]): Promise<boolean> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  child.stderr!.on('data', (b: Buffer) => out.push(b));
  const ok = await succeeded(child);
  process.stdout.write(Buffer.concat(out));
  return ok;
}

// The browsers first: it says what to install when one is missing.
if (!(await run('npm', ['run', 'test:browsers', '--silent']))) process.exit(1);

// The SDK, which both suites import, and the two browsers' builds at once: each build keeps about one core busy
// (one after another they took 17 s, side by side 12 s). Each one's lines are printed once it has ended.
const [sdk, chromium, firefox] = await Promise.all([
  runHeld('npm', ['run', 'build:sdk', '--silent']),
  runHeld('npx', ['wxt', 'build']),
  runHeld('npx', ['wxt', 'build', '-b', 'firefox']),
]);
if (!sdk) process.exit(1);

// The unit and sandbox tests, then the real-browser tests.
const unit = await run('npx', ['vitest', 'run']);
const e2e = chromium && firefox && (await run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts']));

console.log(`\n${describeSlowest(await readSuiteTimes())}`);
console.log(`\n[npm test] unit and sandbox: ${unit ? 'passed' : 'FAILED'}; builds and real browsers: ${e2e ? 'passed' : 'FAILED'}.`);
process.exit(unit && e2e ? 0 : 1);
