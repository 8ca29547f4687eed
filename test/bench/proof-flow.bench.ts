/**
 * Proof hand-over latency, in Chromium against the sandbox, on an https dApp
 * the extension holds no permission for (as real dApps are): from the service
 * turning FINISHED to the dApp page's `requestScoreProof` promise resolving,
 * in two scenarios, run in turns so the machine's load weighs on both alike:
 *
 * - **close**: the user closes the proof page as soon as it says the proof is
 *   ready (what the page asks them to do). Closing it makes the extension look
 *   at once. Target: median ≤ 250 ms. The figure includes the sandbox proof
 *   page's own delay in saying so (it checks its state every 100 ms), printed
 *   apart, with the extension's part (closed → promise resolved).
 * - **open**: the proof page is left open; the extension finds the proof at its
 *   next scheduled poll (once a second while the page is fresh). Target: ≤ 1 s.
 *
 * Then, unless `--idle-minutes 0`, a flow left alone (proof page open, nobody
 * proving) for that many minutes: getProofData requests per minute, from the
 * request log in front of the service.
 *
 * FINISHED is detected by polling getProofData from this process every 10 ms
 * (so the figure may read up to ~10 ms high); the page stamps Date.now() as
 * its promise resolves (same machine, same clock). The site is allowed in the
 * warm-up run, so no consent window is involved after it.
 *
 * Usage: npm run bench:proof [-- --runs 8 --idle-minutes 3 --strict --no-build --extension-dir DIR]
 * (builds into .output-bench-proof first; `--extension-dir` measures another build, e.g. main's, with --no-build)
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { launchChromium } from '@/test/e2e/driver/chromium.ts';
import type { TestPage } from '@/test/e2e/driver/types.ts';
import { serviceProof, startProofWorld, type ProofWorld } from '@/test/e2e/proof-world.ts';

const OUT = resolve('.output-bench-proof');

const TARGET_MS = { close: 250, open: 1000 } as const;
/** Measured on main before the poll schedule (2026-11-25, proof page left open, 8 runs): what the new figures replace. */
const BEFORE = 'before: 596 ms median, ~1 s max (proof page left open; the old schedule polled once a second whatever happened)';
const DETECT_EVERY_MS = 10;

type Scenario = keyof typeof TARGET_MS;

interface Sample {
  readonly total: number;
  /** close: FINISHED → the proof page said so (the user closes it then). */
  readonly pageSaidReady?: number;
  /** close: the tab closed → the page's promise resolved. */
  readonly afterClose?: number;
  /** FINISHED → the worker's poll saw it (its report's finishedAt); the rest is verify and hand-over. */
  readonly seen?: number;
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isInteger(v) && v >= 0 ? v : fallback;
}

function argText(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN };
}

const line = (samples: readonly number[]) => {
  const s = summary(samples);
  return `median ${s.median} ms  p95 ${s.p95} ms  min ${s.min} ms  max ${s.max} ms`;
};

/** Resolves with the local time at which getProofData first answers FINISHED. */
async function finishedAt(sandbox: Parameters<typeof serviceProof>[0], sessionId: string, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await serviceProof(sandbox, sessionId)).status === 'FINISHED') return Date.now();
    await new Promise((r) => setTimeout(r, DETECT_EVERY_MS));
  }
  throw new Error(`Session ${sessionId} did not finish within ${timeoutMs} ms.`);
}

/** Asks from the dApp and approves (with "always allow" the first time): resolves the proof page. */
async function requestProof(world: ProofWorld, dapp: TestPage, first: boolean): Promise<TestPage> {
  const consentOpened = first ? world.driver.nextPage(/\/consent\.html\?flow=/) : null;
  const proofOpened = world.driver.nextPage(world.proofPage);
  await dapp.click('#request');
  if (consentOpened) {
    const consent = await consentOpened;
    await consent.click('[data-testid="consent-always"]');
    await consent.click('[data-testid="consent-approve"]').catch((e: unknown) => {
      if (!consent.isClosed()) throw e;
    });
  }
  return proofOpened;
}

/** One hand-over: request, prove, and (close) close the proof page once it says the proof is ready. */
async function handOver(world: ProofWorld, dapp: TestPage, scenario: Scenario, first: boolean): Promise<Sample> {
  await dapp.evaluate(() => delete document.body.dataset.proofResolvedAt);
  const proof = await requestProof(world, dapp, first);
  const sessionId = new URL(await proof.url()).pathname.split('/')[2]!;
  const finished = finishedAt(world.sandbox, sessionId);
  // Awaited below; if this run fails first, its own error is the one to see.
  finished.catch(() => undefined);
  // A person clicks at no particular moment: without this the click (and so FINISHED) would sit at
  // the same point of every poll cycle and each run would measure the same phase.
  await new Promise((r) => setTimeout(r, Math.random() * 1000));
  await world.prove(proof);
  let closedAt: number | undefined;
  if (scenario === 'close') {
    // The extension's own poll can see FINISHED before the page says so, and then closes the page itself:
    // nobody is left to close it, and the run counts as it came.
    // The moment the page says so, taken in the page (a MutationObserver), not by the driver's polling,
    // which backs off to twice a second and would add up to 500 ms that no user waits.
    // (No named functions inside: tsx would wrap them in a helper the page does not have.)
    const saidReady = await proof.evaluate(() => new Promise<boolean>((resolve) => {
      const app = document.getElementById('app')!;
      if (app.dataset.phase === 'finished') return resolve(true);
      new MutationObserver((_, seen) => {
        if (app.dataset.phase !== 'finished') return;
        seen.disconnect();
        resolve(true);
      }).observe(app, { attributes: true, attributeFilter: ['data-phase'] });
    })).catch((e: unknown) => {
      if (proof.isClosed()) return false;
      throw e;
    });
    if (saidReady) {
      closedAt = Date.now();
      await proof.close().catch(() => undefined);
    }
  }
  const at = await finished;
  await dapp.waitFor('body[data-proof-resolved-at]', 120_000);
  const resolved = Number(await dapp.evaluate(() => document.body.dataset.proofResolvedAt));
  const reports = ((await world.driver.getStorage('session')).proofReports ?? []) as { finishedAt?: number }[];
  const seenAt = reports[0]?.finishedAt;
  // Let the page finish its own checks before asking again (one pending request per tab).
  await dapp.waitFor('#result[data-checked="true"]', 120_000);
  return { total: resolved - at, ...(seenAt ? { seen: seenAt - at } : {}), ...(closedAt !== undefined ? { pageSaidReady: closedAt - at, afterClose: resolved - closedAt } : {}) };
}

/** A flow nobody proves: getProofData requests in each minute it is left alone. */
async function leftAlone(world: ProofWorld, minutes: number): Promise<number[]> {
  const dapp = await world.openDapp('bench-idle');
  await requestProof(world, dapp, false);
  const from = Date.now();
  const polls = (a: number, b: number) => world.log.timings.filter((t) => t.path.includes('getProofData') && t.start >= a && t.start < b).length;
  const perMinute: number[] = [];
  for (let m = 0; m < minutes; m++) {
    await new Promise((r) => setTimeout(r, 60_000));
    perMinute.push(polls(from + m * 60_000, from + (m + 1) * 60_000));
    console.log(`left alone, minute ${m + 1}: ${perMinute.at(-1)} getProofData requests`);
  }
  await dapp.close();
  return perMinute;
}

async function main(): Promise<void> {
  const runs = Math.max(1, argValue('--runs', 8));
  const idleMinutes = argValue('--idle-minutes', 3);
  const given = argText('--extension-dir');
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync('npx', ['wxt', 'build'], { env: { ...process.env, WXT_OUT_DIR: OUT }, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('wxt build failed');
  }
  const extensionDir = given ? resolve(given) : join(OUT, 'chrome-mv3');
  console.log(`extension: ${extensionDir}`);
  const world = await startProofWorld(launchChromium, { verify: true, extensionDir });
  const samples: Record<Scenario, Sample[]> = { close: [], open: [] };
  let idle: number[] = [];
  try {
    const dapp = await world.openDapp('bench');
    // Run 0 warms up (the sandbox's first verify loads its keys) and is not counted. In it the user
    // approves with "Always allow this site", as a regular would, so later runs open no consent window.
    await handOver(world, dapp, 'open', true);
    for (let i = 1; i <= runs; i++) {
      for (const scenario of (i % 2 ? ['close', 'open'] : ['open', 'close']) as Scenario[]) {
        const s = await handOver(world, dapp, scenario, false);
        samples[scenario].push(s);
        const seen = s.seen !== undefined ? `; a poll saw it after ${s.seen} ms, then verify + hand-over ${s.total - s.seen} ms` : '';
        const split = s.afterClose !== undefined ? ` (the proof page said ready after ${s.pageSaidReady} ms; closed → resolved ${s.afterClose} ms${seen})` : seen ? ` (${seen.slice(2)})` : '';
        console.log(`run ${i} ${scenario}: FINISHED → page promise resolved in ${s.total} ms${split}`);
      }
    }
    await dapp.close();
    if (idleMinutes > 0) idle = await leftAlone(world, idleMinutes);
  } finally {
    await world.close();
  }
  let ok = true;
  for (const scenario of ['close', 'open'] as const) {
    const totals = samples[scenario].map((s) => s.total);
    const met = summary(totals).median <= TARGET_MS[scenario];
    ok &&= met;
    const what = scenario === 'close' ? 'the user closes the proof page when it says the proof is ready' : 'the proof page is left open';
    console.log(`proof hand-over, ${what} (FINISHED → promise resolved): ${line(totals)}  (${totals.length} runs, verify on; target median ≤ ${TARGET_MS[scenario]} ms: ${met ? 'met' : 'MISSED'})`);
    if (scenario === 'close') {
      // Runs where the extension's own poll saw FINISHED first (and closed the page) have no split.
      const split = samples.close.filter((s) => s.afterClose !== undefined);
      console.log(`  ${split.length} of ${samples.close.length} runs closed by the user; of which the proof page saying so: ${line(split.map((s) => s.pageSaidReady!))}`);
      console.log(`  and the extension, closed → promise resolved: ${line(split.map((s) => s.afterClose!))}`);
    }
  }
  console.log(`  ${BEFORE}`);
  if (idle.length > 0) console.log(`a flow left alone: getProofData requests per minute ${idle.join(', ')} (before: 60 a minute throughout)`);
  if (!ok && process.argv.includes('--strict')) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
