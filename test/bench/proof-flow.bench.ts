/**
 * Proof hand-over latency, in Chromium against the sandbox, on an https dApp
 * the extension holds no permission for (as real dApps are): from the service
 * turning FINISHED to the dApp page's `requestScoreProof` promise resolving.
 * Target ≤ 1 s. The extension polls about once a second, so the expected
 * median is about half a poll interval plus verify and delivery.
 *
 * FINISHED is detected by polling getProofData from this process every 10 ms
 * (so the figure may read up to ~10 ms high); the page stamps Date.now() as
 * its promise resolves (same machine, same clock). The site is allowed in the
 * warm-up run, so no consent window is involved after it. The proof tab is left open (closing it
 * makes the extension look at once, which would flatter the figure).
 *
 * Usage: npm run bench:proof [-- --runs 8 --strict --no-build]   (builds into .output-bench-proof first)
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { launchChromium } from '@/test/e2e/driver/chromium.ts';
import { serviceProof, startProofWorld } from '@/test/e2e/proof-world.ts';

const OUT = resolve('.output-bench-proof');

const TARGET_MS = 1000;
const DETECT_EVERY_MS = 10;

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isInteger(v) && v > 0 ? v : fallback;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN };
}

/** Resolves with the local time at which getProofData first answers FINISHED. */
async function finishedAt(sandbox: Parameters<typeof serviceProof>[0], sessionId: string, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await serviceProof(sandbox, sessionId)).status === 'FINISHED') return Date.now();
    await new Promise((r) => setTimeout(r, DETECT_EVERY_MS));
  }
  throw new Error(`Session ${sessionId} did not finish within ${timeoutMs} ms.`);
}

async function main(): Promise<void> {
  const runs = argValue('--runs', 8);
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync('npx', ['wxt', 'build'], { env: { ...process.env, WXT_OUT_DIR: OUT }, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('wxt build failed');
  }
  const world = await startProofWorld(launchChromium, { verify: true, extensionDir: join(OUT, 'chrome-mv3') });
  const { driver, sandbox } = world;
  const samples: number[] = [];
  try {
    const dapp = await world.openDapp('bench');
    // Run 0 warms up (the sandbox's first verify loads its keys) and is not counted. In it the user
    // approves with "Always allow this site", as a regular would, so later runs open no consent window.
    for (let i = 0; i <= runs; i++) {
      await dapp.evaluate(() => delete document.body.dataset.proofResolvedAt);
      const consentOpened = i === 0 ? driver.nextPage(/\/consent\.html\?flow=/) : null;
      const proofOpened = driver.nextPage(world.proofPage);
      await dapp.click('#request');
      if (consentOpened) {
        const consent = await consentOpened;
        await consent.click('[data-testid="consent-always"]');
        await consent.click('[data-testid="consent-approve"]').catch((e: unknown) => {
          if (!consent.isClosed()) throw e;
        });
      }
      const proof = await proofOpened;
      const sessionId = new URL(await proof.url()).pathname.split('/')[2]!;
      const finished = finishedAt(sandbox, sessionId);
      // A person clicks at no particular moment: without this the click (and so FINISHED) would sit at
      // the same point of every poll cycle and each run would measure the same phase.
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      await world.prove(proof);
      const at = await finished;
      await dapp.waitFor('body[data-proof-resolved-at]', 30_000);
      const resolved = Number(await dapp.evaluate(() => document.body.dataset.proofResolvedAt));
      if (i > 0) samples.push(resolved - at);
      // The worker's own report splits it: until its poll saw FINISHED, then verify + hand-over.
      const reports = ((await driver.getStorage('session')).proofReports ?? []) as { finishedAt?: number }[];
      const r = reports[0];
      const split = r?.finishedAt ? ` (until a poll saw it ${r.finishedAt - at} ms, then verify + hand-over ${resolved - r.finishedAt} ms)` : '';
      console.log(`${i === 0 ? 'warm-up' : `run ${i}`}: FINISHED → page promise resolved in ${resolved - at} ms${split}`);
      // Let the page finish its own checks before asking again (one pending request per tab).
      await dapp.waitFor('#result[data-checked="true"]', 30_000);
    }
  } finally {
    await world.close();
  }
  const s = summary(samples);
  const ok = s.median <= TARGET_MS;
  console.log(
    `proof hand-over (FINISHED → promise resolved): median ${s.median} ms  p95 ${s.p95} ms  min ${s.min} ms  max ${s.max} ms` +
      `  (${samples.length} runs, verify on; target ≤ ${TARGET_MS} ms: ${ok ? 'met' : 'MISSED'})`,
  );
  if (!ok && process.argv.includes('--strict')) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
