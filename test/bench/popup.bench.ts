/**
 * `npm run bench:popup`: the popup's JavaScript size and how fast it paints
 * cached stats.
 *
 * 1. Builds the extension into its own folder and walks the popup's module
 *    graph from popup.html: "first paint" is the JS loaded before anything
 *    shows (the entry and its static imports); "lazy" is what loads later by
 *    dynamic import() (uPlot with the chart code). Raw and gzip sizes.
 * 2. In Chromium with the built extension, against the sandbox: one popup
 *    open fills the cache, then the median (and p90) over N fresh opens of the
 *    time from navigation start to the `vantage:stats-painted` mark, which the
 *    first stats block sets when it paints (from the stored cache).
 *
 *   npm run bench:popup -- [--opens 15] [--no-build]
 * Targets: ≤ 40 KB gzip of popup JS; ≤ 50 ms to painted cached stats.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { defaultSettings } from '../../lib/settings/schema.ts';
import { launchExtension } from '../e2e/harness.ts';
import { startSandbox } from '../sandbox/server.ts';

const { values } = parseArgs({ options: { opens: { type: 'string' }, 'no-build': { type: 'boolean' } } });
const OPENS = Math.max(10, Number(values.opens ?? 15));
const OUT = resolve('.output-bench');
const DIR = join(OUT, 'chrome-mv3');
const TARGET_GZIP_KB = 40;
const TARGET_PAINT_MS = 50;

// ---- 1. size ----
if (!values['no-build']) {
  const built = spawnSync('npx', ['wxt', 'build'], { env: { ...process.env, WXT_OUT_DIR: OUT }, stdio: ['ignore', 'ignore', 'inherit'] });
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
console.log(`first paint: ${kb(first.raw)} raw, ${kb(first.gzip)} gzip`);
console.log(`all popup JS (with charts): ${kb(first.raw + later.raw)} raw, ${kb(first.gzip + later.gzip)} gzip ` +
  `(target ≤ ${TARGET_GZIP_KB} KB gzip: ${first.gzip + later.gzip <= TARGET_GZIP_KB * 1024 ? 'met' : 'NOT met'})`);

// ---- 2. time to painted cached stats ----
const sb = await startSandbox({ port: 0, scale: 0.1 });
const h = await launchExtension({ extensionDir: DIR });
try {
  await h.setStorage('local', {
    settings: { ...defaultSettings, dataBaseUrl: sb.dataBaseUrl, integrationBaseUrl: sb.integrationBaseUrl },
    settings$: { v: 2 },
    statsUi: {
      filters: { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } },
      recentProjects: ['nebula'], options: {}, section: 'holders',
    },
    statsUi$: { v: 1 },
  });
  await h.setStorage('session', { apiKey: sb.apiKey });

  const open = async () => {
    const page = await h.context.newPage();
    await page.goto(`${h.origin}/popup.html`);
    await page.waitForFunction(() => document.documentElement.dataset.statsPainted !== undefined);
    const result = await page.evaluate(() => ({
      from: document.documentElement.dataset.statsPainted,
      ms: performance.getEntriesByName('vantage:stats-painted')[0]!.startTime,
      // Module scripts run before DOMContentLoaded: what follows is the stats' own work (storage reads, render).
      scriptsDone: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
    }));
    return { page, ...result };
  };

  // Fill the cache: every holders block answered by the service.
  const warm = await open();
  await warm.page.waitForFunction(() => document.querySelectorAll('[data-block][data-state="loading"]').length === 0, undefined, { timeout: 30_000 });
  await warm.page.close();
  console.log(`first open, empty cache (from the service): ${warm.ms.toFixed(1)} ms`);

  const times: number[] = [];
  const scripts: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const { page, from, ms, scriptsDone } = await open();
    if (from !== 'cache') throw new Error(`open ${i + 1} painted from ${from}, not the cache`);
    times.push(ms);
    scripts.push(scriptsDone);
    after.push(ms - scriptsDone);
    await page.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const sorted = [...times].sort((a, b) => a - b);
  const p90 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))]!;
  const [load1] = loadavg();
  console.log(`popup open → cached stats painted, ${OPENS} opens: median ${median(times).toFixed(1)} ms, p90 ${p90.toFixed(1)} ms, ` +
    `min ${sorted[0]!.toFixed(1)} ms (target ≤ ${TARGET_PAINT_MS} ms: ${median(times) <= TARGET_PAINT_MS ? 'met' : 'NOT met'})`);
  console.log(`  of which: page + scripts loaded and run (DOMContentLoaded) median ${median(scripts).toFixed(1)} ms; ` +
    `then storage reads and render median ${median(after).toFixed(1)} ms`);
  console.log(`  machine: ${cpus().length} cores, load average ${load1!.toFixed(2)} (timings scale with it)`);
} finally {
  await h.close();
  await sb.close();
}
