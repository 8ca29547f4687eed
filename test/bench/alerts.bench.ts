/**
 * `npm run bench:alerts`: the worker's scheduled alert check of 20 rules
 * against the sandbox (default dataset, in its own process, as in
 * bench:sandbox), and what the rules and their state weigh in storage.
 *
 * The check is `runAlertCheck` itself, with the extension's API client and
 * SWR cache (in memory here) and a notifier that records. Each timed run
 * skips the cache's TTL, as a scheduled check does (its interval, an hour by
 * default, is past the 10-minute TTL): every distinct request goes to the
 * service. The rules spread over the three projects, every metric and
 * condition, and two time ranges; one is a period-change rule (daily users,
 * the last 30 complete days against the 30 before: two requests of its own).
 *
 *   npm run bench:alerts -- [--runs 7] [--scale 1]
 * Targets: < 2 s per check; < 1 MB of storage for the rules and their state.
 */
import './english-browser.ts';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ApiClient } from '@/lib/api/client.ts';
import { startSandboxProcess } from './sandbox-process.ts';
import { runAlertCheck, ruleRequest } from '@/lib/alerts/check.ts';
import { changeWindow, type AlertCondition, type AlertRule } from '@/lib/alerts/rule.ts';
import { systemClock } from '@/lib/alerts/schedule.ts';
import { scopedCache } from '@/lib/cache/scoped-cache.ts';
import type { ServiceContext } from '@/lib/cache/service-scope.ts';
import { createSwrCache } from '@/lib/cache/swr.ts';
import { DEFAULT_TTL_MS } from '@/lib/cache/worker-cache.ts';
import type { UserNotification } from '@/lib/notify/notifier.ts';
import { STAT_METRICS, type StatMetricId } from '@/lib/stats/metrics.ts';
import { requestKey } from '@/lib/stats/query.ts';
import { headlineBasis, headlineNeeds } from '@/lib/stats/headline.ts';
import { memoryAlertStore } from '@/test/unit/fakes/memory-alert-store.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';

const { values } = parseArgs({ options: { runs: { type: 'string' }, scale: { type: 'string' } } });
const RUNS = Math.max(3, Number(values.runs ?? 7));
const SCALE = Number(values.scale ?? 1);
const KEY = 'bench-key';
const RULES = 20;
const TARGET_MS = 2000;
const TARGET_BYTES = 1024 * 1024;

// ---- the sandbox, in its own process ----
const { origin, child } = await startSandboxProcess(['--api-key', KEY, '--scale', String(SCALE)]);

try {
  // ---- 20 rules over every metric, the three projects, two ranges ----
  const metrics = Object.keys(STAT_METRICS) as StatMetricId[];
  const projects = ['nebula', 'tidal', 'quartz'];
  const conditions: AlertCondition[] = [{ kind: 'above', value: 1_000 }, { kind: 'below', value: 50 }, { kind: 'change', percent: 10 }];
  const rules: AlertRule[] = Array.from({ length: RULES - 1 }, (_, i) => ({
    id: `bench-${i}`,
    metric: metrics[i % metrics.length]!,
    filters: { project: projects[i % projects.length]!, chainId: '', tokenId: '', dapp: '', range: { days: i < 10 ? 30 : 7 } },
    condition: conditions[i % conditions.length]!,
    paused: false,
    createdAt: Date.now(),
  }));
  rules.push({
    id: 'bench-period',
    metric: 'dailyUsers',
    filters: { project: 'tidal', chainId: '', tokenId: '', dapp: '', range: { days: 30 } },
    condition: { kind: 'periodChange', percent: 15, way: 'either' },
    paused: false,
    createdAt: Date.now(),
  });
  const keysOf = (r: AlertRule) => r.condition.kind === 'periodChange'
    ? Object.values(headlineNeeds(ruleRequest(r), headlineBasis(changeWindow(r), Date.now()))).map((n) => requestKey(n.request))
    : [requestKey(ruleRequest(r))];
  const distinct = new Set(rules.flatMap(keysOf)).size;

  const client = new ApiClient({ apiKey: KEY, dataBaseUrl: `${origin}/dev`, integrationBaseUrl: `${origin}/v1` });
  const cacheStore = memoryStore<unknown>();
  const cache = scopedCache<ServiceContext>(createSwrCache<unknown>({ store: cacheStore, ttlMs: DEFAULT_TTL_MS }), async () => ({ scope: 'bench', client }));
  const store = memoryAlertStore();
  await store.saveRules(rules);
  const shown: UserNotification[] = [];
  const deps = { cache, store, clock: systemClock, notifier: { show: async (n: UserNotification) => (shown.push(n), true) } };

  // Bearings first (the sandbox computes and caches its answers on first ask), then the timed scheduled checks.
  await runAlertCheck(deps, Date.now(), { baseline: true });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const report = await runAlertCheck(deps, Date.now(), { force: true });
    times.push(performance.now() - t);
    if (report.checked !== RULES || report.failed) throw new Error(`check: ${JSON.stringify(report)}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const bytes = store.bytes();
  const cacheBytes = [...cacheStore.entries].reduce((n, [k, e]) => n + k.length + JSON.stringify(e).length, 0);

  console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}; dataset scale ${SCALE}`);
  console.log(`${RULES} rules (1 period change), ${distinct} distinct requests, ${RUNS} scheduled checks (TTL skipped: every request goes to the sandbox)`);
  console.log(`check: median ${median.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (target < ${TARGET_MS} ms) ${median < TARGET_MS ? 'OK' : 'OVER'}`);
  console.log(`storage: rules + state + schedule ${(bytes / 1024).toFixed(1)} KB (target < ${TARGET_BYTES / 1024} KB) ${bytes < TARGET_BYTES ? 'OK' : 'OVER'}; the answers they share with the popup's cache: ${(cacheBytes / 1024).toFixed(0)} KB (its own 2 MB budget)`);
  if (median >= TARGET_MS || bytes >= TARGET_BYTES) process.exitCode = 1;
} finally {
  child.kill();
}
