/**
 * `npm run bench:watch`: the watchlist's scheduled check in the real
 * extension worker (Chromium, the built extension) against the sandbox.
 *
 * 50 addresses of the sandbox's dataset are watched (through `watch.add`, as
 * the Watch button does); then the check the alarm runs (`watch.check`, the
 * same function) is timed from the message to its answer: 50 fresh
 * calculateCustomScore requests, 4 at a time, the sealed list written once.
 * Then the history is filled to its bound (30 points each) and the bytes the
 * list takes in storage.local are reported, with everything the extension
 * keeps there.
 *
 *   npm run bench:watch -- [--runs 5] [--addresses 50] [--scale 1] [--no-build]
 * Targets: a check of 50 addresses under 2 s; their storage under 1 MB.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HISTORY_LIMIT } from '@/lib/watch/watchlist.ts';
import { askWorkerFrom, launchExtension } from '@/test/e2e/harness.ts';
import { pointExtensionAt } from '@/test/e2e/service-setup.ts';
import { startSandbox } from '@/test/sandbox/server.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, addresses: { type: 'string' }, scale: { type: 'string' }, 'no-build': { type: 'boolean' } },
});
const RUNS = Math.max(3, Number(values.runs ?? 5));
const ADDRESSES = Number(values.addresses ?? 50);
const SCALE = Number(values.scale ?? 1);
const OUT = resolve('.output-bench');
const TARGET_MS = 2000;
const TARGET_BYTES = 1024 * 1024;

if (!values['no-build']) {
  const built = spawnSync('npx', ['wxt', 'build'], { env: { ...process.env, WXT_OUT_DIR: OUT }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('wxt build failed');
}

type Reply<T> = { ok: true; value: T } | { ok: false; error: { message: string } };
interface Report { asked: number; scored: number; failed: number; skipped: number }

const t0 = performance.now();
const sandbox = await startSandbox({ port: 0, scale: SCALE });
console.log(`sandbox: ${sandbox.dataset.walletAddresses().length.toLocaleString('en')} wallets, ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const h = await launchExtension({ extensionDir: join(OUT, 'chrome-mv3') });
try {
  await pointExtensionAt(h, { origin: sandbox.origin, apiKey: sandbox.apiKey });
  const page = await h.openPage('manifest.json');
  const ask = async <T>(type: string, payload: unknown = {}): Promise<T> => {
    const reply = (await askWorkerFrom(page, type, payload)) as Reply<T>;
    if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
    return reply.value;
  };

  // A spread of the dataset's wallets, each watched under credit-v1.
  const wallets = sandbox.dataset.walletAddresses();
  const step = Math.floor(wallets.length / ADDRESSES);
  for (let i = 0; i < ADDRESSES; i++) await ask('watch.add', { address: wallets[i * step]!, model: 'credit-v1' });

  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    const report = await ask<Report>('watch.check');
    times.push(performance.now() - start);
    if (report.scored !== ADDRESSES) throw new Error(`A check scored ${report.scored} of ${ADDRESSES}: ${JSON.stringify(report)}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const worst = times.at(-1)!;

  // The history at its bound: every address at HISTORY_LIMIT points.
  for (let r = 1 + RUNS; r < HISTORY_LIMIT + 2; r++) await ask<Report>('watch.check');
  const points = (await ask<{ address: string }[]>('watch.list')).length;
  const bytes = await page.evaluate(async () => ({
    watchlist: await chrome.storage.local.getBytesInUse('watchlist'),
    all: await chrome.storage.local.getBytesInUse(null),
  }));

  console.log(`machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`check of ${ADDRESSES} watched addresses (${RUNS} runs): median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms `
    + `(target < ${TARGET_MS} ms) ${worst < TARGET_MS ? 'OK' : 'OVER'}`);
  console.log(`storage, ${points} addresses × ${HISTORY_LIMIT} points: watchlist ${(bytes.watchlist / 1024).toFixed(1)} KB sealed, `
    + `storage.local in all ${(bytes.all / 1024).toFixed(1)} KB (target < ${TARGET_BYTES / 1024} KB) ${bytes.watchlist < TARGET_BYTES ? 'OK' : 'OVER'}`);
  if (worst >= TARGET_MS || bytes.watchlist >= TARGET_BYTES) process.exitCode = 1;
} finally {
  await h.close();
  await sandbox.close();
}
