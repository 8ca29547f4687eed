/**
 * Every data endpoint, over HTTP, against a brute-force recomputation from
 * the raw events (brute-force.ts, written apart from the data API), for the
 * defaults and for filtered cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOperations, type DataOperationId } from '@/lib/api/catalog.ts';
import { BruteForce } from './brute-force.ts';
import { createDataset, PROJECTS, type Dataset } from './dataset/index.ts';
import { startSandbox, type Sandbox } from './server.ts';

const ANCHOR = '2026-01-15T12:00:00Z';
const ANCHOR_SEC = Date.parse(ANCHOR) / 1000;
const DAY = 86_400;

let ds: Dataset;
let sb: Sandbox;
let brute: BruteForce;

beforeAll(async () => {
  ds = createDataset({ seed: 'vitest', anchor: ANCHOR, scale: 0.04 });
  brute = new BruteForce(ds);
  sb = await startSandbox({ port: 0, dataset: ds });
}, 60_000);

afterAll(async () => {
  await sb?.close();
});

const opByPath = (suffix: string) => dataOperations.find((o) => o.path.endsWith(suffix))!;

async function get(project: string, opId: DataOperationId, query: Record<string, string> = {}) {
  const op = dataOperations.find((o) => o.id === opId)!;
  const url = new URL(`${sb.dataBaseUrl}${op.path.replace('{project_id}', project)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { 'x-apikey': sb.apiKey } });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Deep equality; non-integer numbers within rounding (TVL in cents). */
function expectSame(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Number.isInteger(expected) && Number.isInteger(actual) && !path.endsWith('.tvl')) {
      expect(actual, path).toBe(expected);
    } else {
      const tol = 1e-9 * Math.max(1, Math.abs(expected)) + (path.endsWith('.tvl') ? 0.011 : 0);
      expect(Math.abs(actual - expected), `${path}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
    }
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectSame((actual as unknown[])[i], e, `${path}[${i}]`));
    return;
  }
  if (expected && typeof expected === 'object') {
    expect(actual && typeof actual === 'object', path).toBeTruthy();
    const keys = Object.keys(expected);
    // key order matters for objects ranked by address (prominent-balance, event-transfer-distribution)
    const ranked = keys.some((k) => k.startsWith('0x'));
    const sortIf = (k: string[]) => (ranked ? k : [...k].sort());
    expect(sortIf(Object.keys(actual as object)), `${path} keys`).toEqual(sortIf(keys));
    for (const k of Object.keys(expected)) expectSame((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(actual, path).toEqual(expected);
}

async function check(project: string, opId: DataOperationId, query: Record<string, string> = {}) {
  const res = await get(project, opId, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const expected = brute.compute(opId, project, query);
  expectSame(res.body, expected);
  return res.body;
}

const contractOf = (project: string, dapp: string, chainId: string) =>
  PROJECTS.find((p) => p.id === project)!.contracts.find((c) => c.dapp === dapp && c.chainId === chainId && c.role !== 'pool')!.address;

const winStr = { startTime: String(ANCHOR_SEC - 75 * DAY), endTime: String(ANCHOR_SEC - 40 * DAY) };

describe('every endpoint with its defaults, every project', { timeout: 60_000 }, () => {
  for (const project of ['nebula', 'tidal', 'quartz']) {
    for (const op of dataOperations) {
      const p = PROJECTS.find((x) => x.id === project)!;
      if (op.requiresWebAnalytics && !p.webAnalytics) continue;
      it(`${project} ${op.id}`, async () => {
        await check(project, op.id);
      });
    }
  }
});

describe('holders, filtered', { timeout: 60_000 }, () => {
  it('holder-change: chain, token, custom window, window before the data', async () => {
    const body = (await check('nebula', 'holderChange', { chainId: '56' })) as { now: { total: number } };
    expect(body.now.total).toBeGreaterThan(0);
    await check('nebula', 'holderChange', { tokenId: 'nusd' });
    await check('nebula', 'holderChange', { tokenId: 'nusd', chainId: '137', ...winStr });
    await check('tidal', 'holderChange', { chainId: '42161', startTime: String(ANCHOR_SEC - 10 * DAY) });
    const early = (await check('nebula', 'holderChange', { startTime: '1600000000', endTime: '1600500000' })) as { now: { total: number } };
    expect(early.now.total).toBe(0);
    await check('nebula', 'holderChange', { tokenId: 'veneb' });
  });

  it('holder-change: the default token is the released one with the highest market cap', async () => {
    const def = await get('nebula', 'holderChange');
    const neb = await get('nebula', 'holderChange', { tokenId: 'neb' });
    expect(def.body).toEqual(neb.body);
    expect(ds.defaultToken('nebula')?.id).toBe('neb');
  });

  it('daily-claimed-rewards: chain, custom window', async () => {
    const body = (await check('nebula', 'dailyClaimedRewards', { chainId: '56' })) as { claimed_rewards: Record<string, number> };
    expect(Object.values(body.claimed_rewards).some((v) => v > 0)).toBe(true);
    await check('nebula', 'dailyClaimedRewards', winStr);
    await check('tidal', 'dailyClaimedRewards', { chainId: '1' });
  });

  it('event-transfer-distribution: chain, token, window', async () => {
    await check('nebula', 'eventTransferDistribution', { chainId: '137' });
    await check('nebula', 'eventTransferDistribution', { tokenId: 'nusd', ...winStr });
    await check('tidal', 'eventTransferDistribution', { chainId: '42161', startTime: String(ANCHOR_SEC - 3 * DAY) });
  });

  it('prominent-balance: each type, chain, token', async () => {
    for (const type of ['foundation', 'wallet', 'contract']) {
      await check('nebula', 'prominentBalance', { type });
      await check('tidal', 'prominentBalance', { type, chainId: '42161' });
      await check('quartz', 'prominentBalance', { type });
    }
    await check('nebula', 'prominentBalance', { type: 'contract', tokenId: 'nusd' });
    const wallets = (await check('nebula', 'prominentBalance', { type: 'wallet', chainId: '56' })) as Record<string, unknown>;
    expect(Object.keys(wallets).length).toBe(20);
  });

  it('token-balance-distribution: thresholds, chain, token', async () => {
    await check('nebula', 'tokenBalanceDistribution', { fwBalance: '100', fwDays: '7', whaleBalance: '50000' });
    await check('nebula', 'tokenBalanceDistribution', { fwBalance: '0.5', fwDays: '90', whaleBalance: '1000.5' });
    await check('nebula', 'tokenBalanceDistribution', { chainId: '1', tokenId: 'nusd' });
    await check('quartz', 'tokenBalanceDistribution', { whaleBalance: '100000' });
    const body = (await check('nebula', 'tokenBalanceDistribution', {})) as Record<string, number>;
    expect(body.forgottenWallets).toBeGreaterThan(0);
    expect(body.whales).toBeGreaterThan(0);
  });
});

describe('DApp users, filtered', { timeout: 60_000 }, () => {
  const lend1 = contractOf('nebula', 'nebula-lend', '1');
  it('daily-users: dapp, contract, chain, window', async () => {
    await check('nebula', 'dailyUsers', { dapp: 'nebula-lend' });
    await check('nebula', 'dailyUsers', { contract: lend1 });
    await check('nebula', 'dailyUsers', { contract: lend1.toUpperCase().replace('0X', '0x'), dapp: 'nebula-lend' });
    await check('nebula', 'dailyUsers', { chainId: '137', ...winStr });
    await check('quartz', 'dailyUsers', { dapp: 'quartz-market' });
  });

  it('daily-actions: limits, dapp, contract', async () => {
    const body = (await check('nebula', 'dailyActions', { limit: '3' })) as { dailyActions: { actions: unknown[] }[] };
    expect(body.dailyActions.every((d) => d.actions.length <= 3)).toBe(true);
    await check('nebula', 'dailyActions', { limit: '0' });
    await check('nebula', 'dailyActions', { dapp: 'nebula-stake', limit: '1' });
    await check('nebula', 'dailyActions', { contract: lend1, ...winStr });
    await check('tidal', 'dailyActions', { chainId: '42161', limit: '25' });
  });

  it('distribution by dapps, contracts, actions: chain, dapp, contract, window', async () => {
    await check('nebula', 'distributionByDapps', { chainId: '56' });
    await check('tidal', 'distributionByDapps', winStr);
    await check('nebula', 'distributionByContracts', { dapp: 'nebula-swap' });
    await check('nebula', 'distributionByContracts', { chainId: '1', ...winStr });
    await check('nebula', 'distributionByActions', { dapp: 'nebula-lend' });
    await check('nebula', 'distributionByActions', { contract: lend1 });
    await check('quartz', 'distributionByActions', { dapp: 'quartz-forge' });
  });

  it('use-competitors and use-partners: dapp, contract, chain, window', async () => {
    const body = (await check('nebula', 'useCompetitors', {})) as { users: { numberOfUsers: number }[]; marketShare: { marketShare: number }[] };
    expect(body.users.some((u) => u.numberOfUsers > 0)).toBe(true);
    expect(body.marketShare.reduce((s, r) => s + r.marketShare, 0)).toBeCloseTo(1, 9);
    await check('nebula', 'useCompetitors', { dapp: 'nebula-swap', chainId: '1' });
    await check('nebula', 'useCompetitors', { contract: lend1, ...winStr });
    await check('tidal', 'useCompetitors', { chainId: '42161' });
    await check('quartz', 'usePartners', {});
    await check('nebula', 'usePartners', { dapp: 'nebula-bridge', ...winStr });
  });
});

describe('user analytics, filtered', { timeout: 60_000 }, () => {
  it('retention: units, gaps, ranges, eventName, dapp, contract, endTime', async () => {
    await check('nebula', 'retention', { timeRange: '7', unitTimeRange: 'day', timeGap: 'day', eventName: 'nebula' });
    await check('nebula', 'retention', { timeRange: '4', unitTimeRange: 'week', timeGap: 'week' });
    await check('tidal', 'retention', { timeRange: '3', unitTimeRange: 'month', timeGap: 'month' });
    await check('nebula', 'retention', { timeRange: '5', unitTimeRange: 'day', timeGap: 'week' });
    await check('nebula', 'retention', { timeRange: '3', unitTimeRange: 'month', timeGap: 'day', endTime: String(ANCHOR_SEC - 50 * DAY) });
    await check('nebula', 'retention', { eventName: 'orbit,tidal', timeGap: 'week', unitTimeRange: 'week', timeRange: '6' });
    await check('nebula', 'retention', { dapp: 'nebula-swap', timeGap: 'week', unitTimeRange: 'week', timeRange: '8' });
    await check('quartz', 'retention', { contract: contractOf('quartz', 'quartz-market', '8453'), timeRange: '10' });
    const body = (await check('nebula', 'retention', { timeRange: '8', timeGap: 'week', unitTimeRange: 'week' })) as Record<string, { total: number; retention: Record<string, number> }>;
    const cohorts = Object.values(body);
    expect(cohorts).toHaveLength(8);
    expect(cohorts.some((c) => (c.retention['1'] ?? 0) > 0)).toBe(true);
  });

  it('user-inbounce: dapp, contract, window', async () => {
    await check('nebula', 'userInbounce', { dapp: 'nebula-lend' });
    await check('nebula', 'userInbounce', { contract: contractOf('nebula', 'nebula-swap', '56'), ...winStr });
    await check('tidal', 'userInbounce', { startTime: String(ANCHOR_SEC - 5 * DAY) });
    const q = (await check('quartz', 'userInbounce', {})) as { visitor: { new: number; return: number } };
    expect(q.visitor).toEqual({ new: 0, return: 0 });
  });

  it('distribution-by-countries: dapp, contract', async () => {
    await check('nebula', 'distributionByCountries', { dapp: 'nebula-swap' });
    await check('tidal', 'distributionByCountries', { contract: contractOf('tidal', 'tidal-perps', '1') });
  });

  it('traffic-share: limits, window', async () => {
    const body = (await check('nebula', 'trafficShare', { limit: '3' })) as { layers: unknown[][]; flows: unknown[][] };
    expect(body.layers).toHaveLength(4);
    expect(body.flows).toHaveLength(3);
    expect(body.layers.every((l) => l.length <= 3)).toBe(true);
    await check('nebula', 'trafficShare', { limit: '0' });
    await check('tidal', 'trafficShare', { limit: '50', ...winStr });
  });
});

describe('time parameters', { timeout: 60_000 }, () => {
  it('accepts string and int32 timestamps in seconds; windows are whole UTC days', async () => {
    const start = ANCHOR_SEC - 12 * DAY + 3_600;
    const end = ANCHOR_SEC - 2 * DAY + 7;
    const q = { startTime: String(start), endTime: String(end) };
    const holders = (await check('nebula', 'holderChange', q)) as { logs: Record<string, unknown> };
    expect(Object.keys(holders.logs)).toHaveLength(11);
    expect(Object.keys(holders.logs)[0]).toBe(String(Math.floor(start / DAY) * DAY));
    const users = (await check('nebula', 'dailyUsers', q)) as { startTime: number; endTime: number };
    expect(users.startTime).toBe(Math.floor(start / DAY) * DAY);
    expect(users.endTime).toBe(Math.floor(end / DAY) * DAY);
  });

  it('the default window is the 30 days before now, now being the pinned anchor', async () => {
    const body = (await get('nebula', 'dailyUsers')).body as { startTime: number; endTime: number; dailyUsers: unknown[] };
    expect(body.endTime).toBe(Math.floor(ANCHOR_SEC / DAY) * DAY);
    expect(body.startTime).toBe(body.endTime - 30 * DAY);
    expect(body.dailyUsers).toHaveLength(31);
  });

  it('memoised answers are the same as fresh ones', async () => {
    const a = await get('tidal', 'trafficShare', { limit: '4' });
    const b = await get('tidal', 'trafficShare', { limit: '4' });
    expect(b.body).toEqual(a.body);
    expect(opByPath('/socials/traffic-share').requiresWebAnalytics).toBe(true);
  });
});
