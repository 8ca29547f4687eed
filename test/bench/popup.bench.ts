/**
 * `npm run bench:popup`: the popup's JavaScript size, how fast it paints
 * cached stats, and how fast a cold open gets its first numbers.
 *
 * 1. Builds the extension into its own folder and walks the popup's module
 *    graph from popup.html: "first paint" is the JS loaded before anything
 *    shows (the entry and its static imports); "lazy" is what loads later by
 *    dynamic import() (uPlot with the chart code). Raw and gzip sizes.
 * 2. In Chromium with the built extension, against the sandbox: one popup
 *    open fills the cache, then the median (and p90) over N fresh opens of the
 *    time from navigation start to the `vantage:stats-painted` mark, which the
 *    first stats block sets when it paints (from the stored cache).
 *    The same is measured for an empty extension page (one module script that
 *    only sets a mark), written into the bench's own build: the floor any
 *    extension page pays on this machine before its first script runs. The
 *    difference is the popup's own cost.
 * 3. Cold opens: every cached answer removed (from storage.local and from the
 *    popup's snapshot, which keeps the remembered view), the worker stopped
 *    (from an extension page that stays open: closing its DevTools session
 *    restarts the worker), then the popup opened against the sandbox through
 *    a request log: the time to the first number and to every block of the
 *    first tab leaving its skeleton, and where the time goes: when the popup's
 *    script and the worker started, each request at the service, and the
 *    popup's and the worker's `vantage:` spans (lib/timing/measure.ts, in the
 *    bench's own build only, made with WXT_SPANS=1: the
 *    view state read, the page's scope and stored reads, its asks; the
 *    worker's settings and key read, host check, fetches, storage writes),
 *    medians over the runs (BENCH_SPANS=1 lists one run's spans in order).
 *
 *   npm run bench:popup -- [--opens 15] [--colds 7] [--no-build [--out DIR]] [--cold-only]
 * Targets: ≤ 40 KB gzip of popup JS; ≤ 50 ms to painted cached stats, and
 * the popup's own cost over the empty page ≤ 20 ms; cold: first numbers
 * ≤ 250 ms, every block of the first tab ≤ 400 ms.
 */
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { defaultSettings } from '@/lib/settings/schema.ts';
import type { Page } from 'playwright-core';
import { launchExtension } from '@/test/e2e/harness.ts';
import { startRequestLog } from '@/test/e2e/request-log.ts';
import { goCold } from './cold-start.ts';
import { startSandboxProcess } from './sandbox-process.ts';


const { values } = parseArgs({
  options: {
    opens: { type: 'string' }, colds: { type: 'string' }, 'no-build': { type: 'boolean' }, 'cold-only': { type: 'boolean' },
    // Another build's folder (with --no-build): to compare a change with the code before it. Build it with
    // WXT_SPANS=1 for "where the time goes" (lib/timing/measure.ts records spans only then).
    out: { type: 'string' },
  },
});
const OPENS = Math.max(10, Number(values.opens ?? 15));
const COLDS = Math.max(3, Number(values.colds ?? 7));
const OUT = resolve(values.out ?? '.output-bench');
const DIR = join(OUT, 'chrome-mv3');
const TARGET_GZIP_KB = 40;
const TARGET_PAINT_MS = 50;
/** The popup's own cost over an empty extension page, cached. */
const TARGET_OWN_MS = 20;
const TARGET_COLD_FIRST_MS = 250;
const TARGET_COLD_ALL_MS = 400;

// ---- 1. size ----
if (!values['no-build']) {
  // WXT_SPANS=1: the build records the `vantage:` spans read below (lib/timing/measure.ts; other builds keep none).
  const built = spawnSync('npx', ['wxt', 'build'], { env: { ...process.env, WXT_OUT_DIR: OUT, WXT_SPANS: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('wxt build failed');
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']([^"']+\.js)["']\s*\)/g;
/** Vite lists a dynamic chunk's own dependencies by path in __vite__mapDeps. */
const MAPPED_DEP = /["']((?:\.{0,2}\/)?(?:chunks|assets)\/[^"']+\.js)["']/g;

async function js(file: string): Promise<string> {
  return readFile(join(DIR, file), 'utf8');
}

function resolveFrom(from: string, spec: string): string {
  if (spec.startsWith('/')) return spec.slice(1);
  if (spec.startsWith('.')) return posix.normalize(posix.join(posix.dirname(from), spec));
  return spec; // mapDeps paths are relative to the extension root
}

/** The module graph from the entry: files loaded at once, and files loaded later by import(). */
async function moduleGraph(entries: readonly string[]): Promise<{ initial: Set<string>; lazy: Set<string> }> {
  const initial = new Set<string>();
  const lazy = new Set<string>();
  const walk = async (file: string, into: Set<string>): Promise<void> => {
    if (initial.has(file) || into.has(file)) return;
    into.add(file);
    const code = await js(file);
    for (const m of code.matchAll(STATIC_IMPORT)) await walk(resolveFrom(file, m[1]!), into);
    for (const m of [...code.matchAll(DYNAMIC_IMPORT), ...code.matchAll(MAPPED_DEP)]) {
      const dep = resolveFrom(file, m[1]!);
      if (!initial.has(dep)) await walk(dep, lazy);
    }
  };
  for (const e of entries) await walk(e, initial);
  for (const f of initial) lazy.delete(f);
  return { initial, lazy };
}

const html = await readFile(join(DIR, 'popup.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => resolveFrom('popup.html', m[1]!));
const { initial, lazy } = await moduleGraph(entries);

async function sizes(files: Iterable<string>) {
  const rows = await Promise.all([...files].map(async (f) => {
    const buf = await readFile(join(DIR, f));
    return { file: f, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  }));
  return { rows: rows.sort((a, b) => b.gzip - a.gzip), raw: rows.reduce((s, r) => s + r.raw, 0), gzip: rows.reduce((s, r) => s + r.gzip, 0) };
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const first = await sizes(initial);
const later = await sizes(lazy);

console.log('popup JS, loaded at first paint:');
for (const r of first.rows) console.log(`  ${r.file.padEnd(40)} ${kb(r.raw).padStart(9)} raw ${kb(r.gzip).padStart(9)} gzip`);
console.log('popup JS, loaded later by import():');
for (const r of later.rows) console.log(`  ${r.file.padEnd(40)} ${kb(r.raw).padStart(9)} raw ${kb(r.gzip).padStart(9)} gzip`);
const charts = later.rows.filter((r) => /uplot/i.test(r.file));
const chartsGzip = charts.reduce((n, r) => n + r.gzip, 0);
console.log(`popup JS at open (first paint): ${kb(first.raw)} raw, ${kb(first.gzip)} gzip (${first.gzip.toLocaleString('en')} bytes) ` +
  `(target ≤ ${TARGET_GZIP_KB} KB gzip: ${first.gzip <= TARGET_GZIP_KB * 1024 ? 'met' : 'NOT met'})`);
console.log(`  + the charts the Stats tab then draws (uPlot): ${kb(first.gzip + chartsGzip)} gzip ` +
  `(${first.gzip + chartsGzip <= TARGET_GZIP_KB * 1024 ? 'within' : 'over'} ${TARGET_GZIP_KB} KB)`);
console.log(`  everything the popup can load (other tabs, sections, CSV): ${kb(first.raw + later.raw)} raw, ${kb(first.gzip + later.gzip)} gzip`);

/** The `vantage:` measures and marks of a page or worker's timeline. */
const readSpans = () =>
  performance.getEntries().filter((e) => e.name.startsWith('vantage:') && (e.entryType === 'measure' || e.entryType === 'mark'))
    .map((e) => ({ name: e.name.slice('vantage:'.length), start: e.startTime, duration: e.duration }));

// ---- 2. time to painted cached stats; 3. cold opens ----
// The sandbox in its own process: in this one it would share the event loop with the Playwright
// driver and the request log, and its answers would take several times longer than their own work.
const SANDBOX_KEY = 'bench-popup-key';
const sb = await startSandboxProcess(['--api-key', SANDBOX_KEY, '--scale', '0.1']);
// Between the extension and the sandbox: when each request arrived and was answered.
const log = await startRequestLog(sb.origin);
const h = await launchExtension({ extensionDir: DIR });
const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: readonly number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const p90 = (xs: readonly number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const allBlocksShown = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('[data-block]').length > 0 && document.querySelectorAll('[data-block][data-state="loading"]').length === 0, undefined, { timeout: 30_000 });
try {
  await h.setStorage('local', {
    settings: { ...defaultSettings, dataBaseUrl: `${log.origin}/dev`, integrationBaseUrl: `${log.origin}/v1` },
    settings$: { v: 2 },
    statsUi: {
      filters: { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } },
      recentProjects: ['nebula'], options: {}, section: 'holders',
    },
    statsUi$: { v: 1 },
  });
  await h.setStorage('session', { apiKey: SANDBOX_KEY });

  const EMPTY_MARK = 'bench:empty-page-ran';
  await writeFile(join(DIR, 'bench-empty.html'), '<!doctype html><html><head><script type="module" src="/bench-empty.js"></script></head><body></body></html>');
  await writeFile(join(DIR, 'bench-empty.js'), `performance.mark(${JSON.stringify(EMPTY_MARK)});`);

  /** Opens an extension page in a new tab; answers the time from navigation start to a mark. */
  const open = async (path: string, mark: string) => {
    const page = await h.context.newPage();
    await page.goto(`${h.origin}/${path}`);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark);
    const result = await page.evaluate((m) => ({
      from: document.documentElement.dataset.statsPainted,
      ms: performance.getEntriesByName(m)[0]!.startTime,
      // entrypoints/popup/main.tsx: its scripts are loaded and evaluated, rendering starts.
      scripts: performance.getEntriesByName('vantage:popup.main')[0]?.startTime ?? NaN,
    }), mark);
    return { page, ...result };
  };
  const openPopup = () => open('popup.html', 'vantage:stats-painted');

  if (!values['cold-only']) {
    // Fill the cache: every holders block answered by the service.
    const warm = await openPopup();
    await allBlocksShown(warm.page);
    await warm.page.close();

    const popup: number[] = [];
    const scripts: number[] = [];
    const empty: number[] = [];
    // Interleaved, so both see the same machine load.
    for (let i = 0; i < OPENS; i++) {
      const p = await openPopup();
      if (p.from !== 'cache') throw new Error(`open ${i + 1} painted from ${p.from}, not the cache`);
      popup.push(p.ms);
      scripts.push(p.scripts);
      await p.page.close();
      const e = await open('bench-empty.html', EMPTY_MARK);
      empty.push(e.ms);
      await e.page.close();
    }
    const own = median(popup) - median(empty);
    console.log(`popup open → cached stats painted, ${OPENS} opens: median ${median(popup).toFixed(1)} ms, p90 ${p90(popup).toFixed(1)} ms, ` +
      `min ${sorted(popup)[0]!.toFixed(1)} ms (target ≤ ${TARGET_PAINT_MS} ms: ${median(popup) <= TARGET_PAINT_MS ? 'met' : 'NOT met'})`);
    console.log(`empty extension page → its one script ran (the floor on this machine): median ${median(empty).toFixed(1)} ms, ` +
      `p90 ${p90(empty).toFixed(1)} ms, min ${sorted(empty)[0]!.toFixed(1)} ms`);
    console.log(`the popup's own cost over that floor (scripts, storage, render): ${own.toFixed(1)} ms ` +
      `(target ≤ ${TARGET_OWN_MS} ms: ${own <= TARGET_OWN_MS ? 'met' : 'NOT met'})`);
    if (process.env.BENCH_SPANS) {
      console.log(`  popup opens in order (ms): ${popup.map((n) => n.toFixed(0)).join(' ')}`);
      console.log(`  their scripts ran at (ms): ${scripts.map((n) => n.toFixed(0)).join(' ')}`);
      console.log(`  empty pages in order (ms): ${empty.map((n) => n.toFixed(0)).join(' ')}`);
    }
    console.log(`  of which: its scripts loaded and evaluated ${(median(scripts) - median(empty)).toFixed(1)} ms over the floor; ` +
      `then to painted stats (storage, render) ${median(popup.map((p, i) => p - scripts[i]!)).toFixed(1)} ms`);
  }

  // ---- 3. cold opens: nothing cached, the worker stopped ----
  const runs: ColdRun[] = [];
  for (let i = 0; i < COLDS; i++) runs.push(await coldOpen());
  console.log(`cold open (no answer cached, the view remembered, worker stopped), ${COLDS} opens, ms from navigation start:`);
  console.log('  run  script  worker  1st req  last answer  first number  every block  requests');
  runs.forEach((r, i) => console.log(`  ${String(i + 1).padStart(3)}  ${[r.script, r.workerStart, r.firstRequest, r.lastAnswer, r.firstNumber, r.allBlocks].map((n) => ms(n).padStart(8)).join('  ')}  ${String(r.requests).padStart(6)}`));
  // Where the time goes: each span's first start and last end (ms from navigation start) and its typical length, medians over the runs.
  const names = [...new Set(runs.flatMap((r) => r.spans.map((sp) => sp.name)))];
  console.log('  where the time goes (medians over the runs): span  count  first starts  last ends  each takes');
  for (const name of names) {
    const per = runs.map((r) => r.spans.filter((sp) => sp.name === name)).filter((l) => l.length > 0);
    console.log(`    ${name.padEnd(22)} ${String(median(per.map((l) => l.length))).padStart(3)}  ` +
      `${ms(median(per.map((l) => Math.min(...l.map((sp) => sp.start))))).padStart(8)}  ${ms(median(per.map((l) => Math.max(...l.map((sp) => sp.start + sp.duration))))).padStart(8)}  ` +
      `${median(per.flatMap((l) => l.map((sp) => sp.duration))).toFixed(1).padStart(6)} ms`);
  }
  if (process.env.BENCH_SPANS) for (const sp of [...runs.at(-1)!.spans].sort((a, b) => a.start - b.start)) console.log(`      ${sp.name.padEnd(22)} ${sp.start.toFixed(0).padStart(5)} → ${(sp.start + sp.duration).toFixed(0).padStart(5)}`);
  const first = median(runs.map((r) => r.firstNumber));
  const every = median(runs.map((r) => r.allBlocks));
  console.log(`  median: popup script ran ${ms(median(runs.map((r) => r.script)))}; worker started ${ms(median(runs.map((r) => r.workerStart)))}; ` +
    `first request at the service ${ms(median(runs.map((r) => r.firstRequest)))}; last answer sent ${ms(median(runs.map((r) => r.lastAnswer)))}; ` +
    `requests ${median(runs.map((r) => r.requests))}, service time per request ${median(runs.flatMap((r) => r.serviceMs)).toFixed(1)} ms`);
  console.log(`  first numbers on screen: median ${ms(first)} (target ≤ ${TARGET_COLD_FIRST_MS} ms: ${first <= TARGET_COLD_FIRST_MS ? 'met' : 'NOT met'})`);
  console.log(`  every block of the first tab: median ${ms(every)} (target ≤ ${TARGET_COLD_ALL_MS} ms: ${every <= TARGET_COLD_ALL_MS ? 'met' : 'NOT met'})`);
  const [load1] = loadavg();
  console.log(`  machine: ${cpus().length} cores, load average ${load1!.toFixed(2)} (timings scale with it)`);
} finally {
  await h.close();
  await log.close();
  sb.child.kill();
}

interface ColdRun {
  /** The popup's entry script started (navigation start = 0). */
  readonly script: number;
  /** The worker's global scope was created. */
  readonly workerStart: number;
  readonly firstRequest: number;
  readonly lastAnswer: number;
  readonly firstNumber: number;
  readonly allBlocks: number;
  readonly requests: number;
  readonly serviceMs: readonly number[];
  /** The popup's and the worker's `vantage:` spans and marks (lib/timing/measure.ts), on the popup's clock. */
  readonly spans: readonly Span[];
}

interface Span {
  readonly name: string;
  readonly start: number;
  readonly duration: number;
}


/**
 * One cold open: every cached answer removed, from storage and from the popup's snapshot (which keeps the
 * view: the project and section the popup reopens on), the worker stopped; then the popup opened.
 */
async function coldOpen(): Promise<ColdRun> {
  // The worker is stopped until the popup starts it: it must be the one to.
  const release = await goCold(h);
  const before = log.timings.length;
  const page = await h.context.newPage();
  await page.addInitScript(() => {
    // No named functions in here: tsx's keepNames would call a helper the page does not have.
    const seen: Record<string, number> = {};
    const w = window as unknown as { benchSeen: Record<string, number>; benchFirstNumber?: number };
    w.benchSeen = seen;
    new MutationObserver(() => {
      const t = performance.now();
      for (const el of document.querySelectorAll<HTMLElement>('[data-block]')) {
        if (el.dataset.state !== 'loading' && seen[el.dataset.block!] === undefined) seen[el.dataset.block!] = t;
      }
      if (w.benchFirstNumber === undefined && document.querySelector('[data-block][data-state="ready"] .num[data-value]:not([data-value=""])')) w.benchFirstNumber = t;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  await page.goto(`${h.origin}/popup.html`);
  await allBlocksShown(page);
  const shown = await page.evaluate(() => {
    const w = window as unknown as { benchSeen: Record<string, number>; benchFirstNumber?: number };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const script = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => /popup-[^/]*\.js$|chunks\/popup/.test(e.name));
    return { origin: performance.timeOrigin, blocks: w.benchSeen, firstNumber: w.benchFirstNumber, script: script?.responseEnd ?? nav.domInteractive };
  });
  const pageSpans = await page.evaluate(readSpans);
  await release();
  const worker = await h.worker();
  const { workerOrigin, workerSpans } = await worker.evaluate(`({ workerOrigin: performance.timeOrigin, workerSpans: (${readSpans.toString()})() })`) as { workerOrigin: number; workerSpans: Span[] };
  await page.close();
  const requests = log.timings.slice(before);
  const rel = (epoch: number) => epoch - shown.origin;
  return {
    script: shown.script,
    workerStart: rel(workerOrigin),
    firstRequest: Math.min(...requests.map((r) => rel(r.start))),
    lastAnswer: Math.max(...requests.map((r) => rel(r.end ?? r.start))),
    firstNumber: shown.firstNumber ?? NaN,
    allBlocks: Math.max(...Object.values(shown.blocks)),
    requests: requests.length,
    serviceMs: requests.map((r) => (r.end ?? r.start) - r.start),
    spans: [...pageSpans, ...workerSpans.map((sp) => ({ ...sp, start: sp.start + workerOrigin - shown.origin }))],
  };
}
