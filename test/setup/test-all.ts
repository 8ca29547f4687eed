/**
 * `npm test`: the browsers checked, the SDK built beside the Chromium build, the unit and sandbox tests, the Firefox
 * build, the real-browser tests, then the ten slowest files of both suites. `npm run test:unit` and
 * `npm run test:e2e` run one suite alone.
 *
 * The suites run one after the other: the real-browser suite keeps both cores busy (docs/benchmarks.md, "The test
 * suite"), and the unit tests run beside it at a lower priority were starved into their time-outs while saving
 * ~30 s of 9 minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeSlowest, readSuiteTimes } from './file-times.ts';

interface Outcome {
  readonly ok: boolean;
}

const logDir = 'test-results';
await mkdir(logDir, { recursive: true });

/** Runs a command with its output on this terminal. */
function run(cmd: string, args: readonly string[]): Promise<Outcome> {
  return settled(spawn(cmd, args, { stdio: 'inherit' }));
}

/** Runs a command with its output kept in `log`, to print once it has ended. */
function runKept(cmd: string, args: readonly string[], log: string): Promise<Outcome> {
  const out = createWriteStream(log);
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as the terminal this runs in would show them.
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  return settled(child).then((outcome) => new Promise((resolve) => out.end(() => resolve(outcome))));
}

function settled(child: ChildProcess): Promise<Outcome> {
  return new Promise((resolve) => {
    child.on('error', () => resolve({ ok: false }));
    child.on('close', (code) => resolve({ ok: code === 0 }));
  });
}

const print = async (log: string) => process.stdout.write(await readFile(log, 'utf8'));

// The browsers first: it says what to install when one is missing.
if (!(await run('npm', ['run', 'test:browsers', '--silent'])).ok) process.exit(1);

// The SDK, which both suites import, and the Chromium build at once (the SDK's lines once it has built).
const sdkLog = join(logDir, 'build-sdk.log');
const [sdk, chromium] = await Promise.all([runKept('npm', ['run', 'build:sdk', '--silent'], sdkLog), run('npx', ['wxt', 'build'])]);
await print(sdkLog);
if (!sdk.ok) process.exit(1);

// The unit and sandbox tests, then the Firefox build and the real-browser tests.
const unit = await run('npx', ['vitest', 'run']);
const built = chromium.ok && (await run('npx', ['wxt', 'build', '-b', 'firefox'])).ok;
const e2e = built && (await run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts'])).ok;

console.log(`\n${describeSlowest(await readSuiteTimes())}`);
console.log(`\n[npm test] unit and sandbox: ${unit.ok ? 'passed' : 'FAILED'}; builds and real browsers: ${e2e ? 'passed' : 'FAILED'}.`);
process.exit(unit.ok && e2e ? 0 : 1);
