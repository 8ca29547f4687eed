/**
 * `npm run bench:sandbox`: the default dataset's generation time, then p50/p95
 * latency of every data endpoint under 50 concurrent requests.
 *
 * The server runs in its own process (the CLI), so the load generator does not
 * share its event loop. Each endpoint is asked a few query variants (defaults
 * and filters); "cold" is the first answer to each variant (computed from the
 * events), the loaded run then repeats them, as a dashboard full of users would.
 * Requests say `accept-encoding: gzip` as browsers do (timing ends at the last byte; no decompression).
 *
 *   npm run bench:sandbox -- [--requests 1000] [--concurrency 50] [--scale 1]
 */
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { dataOperations } from '@/lib/api/catalog.ts';
import { startSandboxProcess } from './sandbox-process.ts';
import { createDataApi } from '@/test/sandbox/data-api/index.ts';
import { createDataset, PROJECTS } from '@/test/sandbox/dataset/index.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string' }, concurrency: { type: 'string' }, scale: { type: 'string' } },
});
const REQUESTS = Number(values.requests ?? 1000);
const CONCURRENCY = Number(values.concurrency ?? 50);
const SCALE = Number(values.scale ?? 1);
const KEY = 'bench-key';
const anchor = Math.floor(Date.now() / 1000);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// ---- 1. generation, in this process ----
const t0 = performance.now();
const ds = createDataset({ anchor, scale: SCALE });
const genMs = performance.now() - t0;
const t1 = performance.now();
createDataApi(ds).warm();
const warmMs = performance.now() - t1;
const wallets = ds.accounts.count - ds.accounts.firstWallet;
console.log(`dataset: ${ds.events.count.toLocaleString('en')} events + ${ds.visits.count.toLocaleString('en')} visits, ` +
  `${wallets.toLocaleString('en')} wallets, ${ds.days} days`);
console.log(`generation: ${(genMs / 1000).toFixed(2)} s; indexes + default answers: ${(warmMs / 1000).toFixed(2)} s`);

// ---- 2. the server, in its own process ----
const { origin, child } = await startSandboxProcess(['--api-key', KEY, '--anchor', String(anchor), '--scale', String(SCALE)]);
const { hostname, port } = new URL(origin);
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(path: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, agent, headers: { 'x-apikey': KEY, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
    });
    req.on('error', reject);
    req.end();
  });
}

// ---- 3. per endpoint: variants, cold answers, then the loaded run ----
const day = 86_400;
const win = `startTime=${anchor - 60 * day}&endTime=${anchor - 20 * day}`;
type Variant = (p: (typeof PROJECTS)[number]) => string;
const chain: Variant = (p) => `chainId=${p.chains[p.chains.length - 1]}`;
const dapp: Variant = (p) => `dapp=${p.dapps[0]!.id}`;
const contract: Variant = (p) => `contract=${p.contracts.find((c) => c.role !== 'pool')!.address}`;
const plain = (q: string): Variant => () => q;
const variants: Record<string, Variant[]> = {
  holderChange: [plain(''), chain, plain(win)],
  dailyClaimedRewards: [plain(''), chain, plain(win)],
  eventTransferDistribution: [plain(''), chain, plain(win)],
  prominentBalance: [plain(''), plain('type=wallet'), plain('type=contract')],
  tokenBalanceDistribution: [plain(''), plain('fwBalance=100&fwDays=7&whaleBalance=50000'), chain],
  dailyUsers: [plain(''), dapp, contract, plain(win)],
  dailyActions: [plain(''), plain('limit=3'), dapp, plain(win)],
  distributionByDapps: [plain(''), chain, plain(win)],
  distributionByContracts: [plain(''), dapp, plain(win)],
  distributionByActions: [plain(''), dapp, plain(win)],
  useCompetitors: [plain(''), dapp, plain(win)],
  usePartners: [plain(''), chain, plain(win)],
  retention: [plain(''), plain('timeRange=7&unitTimeRange=day&timeGap=day&eventName=nebula'), plain('timeRange=8&unitTimeRange=week&timeGap=week')],
  userInbounce: [plain(''), dapp, plain(win)],
  distributionByCountries: [plain(''), dapp],
  trafficShare: [plain(''), plain('limit=5'), plain(win)],
};

// warm-up: open the connections and let the server's JIT settle (not measured)
{
  const all = dataOperations.map((op) => `/dev${op.path.replace('{project_id}', 'tidal')}?limit=2`);
  let k = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (k < 2000) await get(all[k++ % all.length]!);
  }));
}

interface Row { endpoint: string; coldMs: number; p50: number; p95: number; max: number; rps: number; errors: number }
const rows: Row[] = [];
for (const op of dataOperations) {
  const paths = ['nebula', 'tidal'].flatMap((id) => {
    const p = PROJECTS.find((x) => x.id === id)!;
    return variants[op.id]!.map((v) => {
      const q = v(p);
      return `/dev${op.path.replace('{project_id}', id)}${q ? `?${q}` : ''}`;
    });
  });
  // cold: the first (uncached) answer to each variant, one at a time
  let coldMs = 0;
  for (const path of paths) coldMs = Math.max(coldMs, (await get(path)).ms);
  // loaded: REQUESTS requests, CONCURRENCY at a time
  const lat: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < REQUESTS) {
      const path = paths[next++ % paths.length]!;
      const r = await get(path);
      if (r.status !== 200) errors++;
      lat.push(r.ms);
    }
  }));
  const elapsed = performance.now() - started;
  lat.sort((a, b) => a - b);
  rows.push({ endpoint: op.path.split('/').slice(-2).join('/'), coldMs, p50: pct(lat, 50), p95: pct(lat, 95), max: lat[lat.length - 1]!, rps: (lat.length / elapsed) * 1000, errors });
}

child.kill('SIGTERM');
agent.destroy();

const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number, d = 1) => x.toFixed(d).padStart(8);
console.log(`\n${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent, keep-alive; latency in ms ` +
  `(${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)})`);
console.log(`${pad('endpoint', 40)}${'cold max'.padStart(9)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}${'req/s'.padStart(9)}  errors`);
for (const r of rows) {
  console.log(`${pad(r.endpoint, 40)}${num(r.coldMs).padStart(9)}${num(r.p50)}${num(r.p95)}${num(r.max)}${num(r.rps, 0).padStart(9)}  ${r.errors}`);
}
const worst = Math.max(...rows.map((r) => r.p95));
console.log(`\nworst p95: ${worst.toFixed(1)} ms (target ≤ 20 ms); generation ${(genMs / 1000).toFixed(2)} s (target < 30 s)`);
if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
