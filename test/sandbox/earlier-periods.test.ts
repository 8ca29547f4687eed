/**
 * Earlier periods over HTTP: what the extension asks to show a headline
 * number's change (the last N complete UTC days, and the N days before them,
 * each as whole days: startTime = the first day's midnight, endTime = the last
 * second of the last day). Each answer must hold exactly the days asked for,
 * agree with the same days of a longer window, and with the brute-force
 * recomputation from the raw events; window figures (total holders, new vs
 * returning, traffic) must be those of the earlier window, not of today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOperations, type DataOperationId } from '@/lib/api/catalog.ts';
import { BruteForce } from './brute-force.ts';
import { createDataset, type Dataset } from './dataset/index.ts';
import { startSandbox, type Sandbox } from './server.ts';

const ANCHOR = '2026-03-31T15:00:00Z';
const DAY = 86_400;
const TODAY = Math.floor(Date.parse(ANCHOR) / 1000 / DAY);

let ds: Dataset;
let sb: Sandbox;
let brute: BruteForce;

beforeAll(async () => {
  ds = createDataset({ seed: 'earlier', anchor: ANCHOR, scale: 0.04 });
  brute = new BruteForce(ds);
  sb = await startSandbox({ port: 0, dataset: ds });
}, 60_000);

afterAll(async () => {
  await sb?.close();
});

/** Whole UTC days first..last (day numbers), as the extension sends them. */
const days = (first: number, last: number) => ({ startTime: String(first * DAY), endTime: String((last + 1) * DAY - 1) });
const current = days(TODAY - 30, TODAY - 1);
const previous = days(TODAY - 60, TODAY - 31);

async function get(project: string, opId: DataOperationId, query: Record<string, string>) {
  const op = dataOperations.find((o) => o.id === opId)!;
  const url = new URL(`${sb.dataBaseUrl}${op.path.replace('{project_id}', project)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { 'x-apikey': sb.apiKey } });
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

const dayKeys = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => String((first + i) * DAY));

describe('earlier periods, as whole UTC days', { timeout: 60_000 }, () => {
  it('holder-change: exactly the days asked for, the same as in a longer window, and the figures of that window', async () => {
    const before = await get('nebula', 'holderChange', previous) as { now: { active: number; new: number; total: number }; logs: Record<string, { active: number; new: number }> };
    expect(Object.keys(before.logs)).toEqual(dayKeys(TODAY - 60, TODAY - 31));
    const both = await get('nebula', 'holderChange', days(TODAY - 60, TODAY - 1)) as typeof before;
    for (const k of Object.keys(before.logs)) expect(before.logs[k], k).toEqual(both.logs[k]);
    expect(before).toEqual(brute.compute('holderChange', 'nebula', previous));
    // The window's own figures: new holders summed over it, active ones of its last day, the total at its end.
    expect(before.now.new).toBe(Object.values(before.logs).reduce((s, d) => s + d.new, 0));
    expect(before.now.active).toBe(before.logs[String((TODAY - 31) * DAY)]!.active);
    const now = await get('nebula', 'holderChange', current) as typeof before;
    expect(now.now.total).not.toBe(before.now.total);
  });

  it('daily claimed rewards and daily users: the days asked for, as in a longer window and the brute force', async () => {
    const rewards = await get('nebula', 'dailyClaimedRewards', previous) as { startTime: number; endTime: number; claimed_rewards: Record<string, number> };
    expect([rewards.startTime, rewards.endTime]).toEqual([(TODAY - 60) * DAY, (TODAY - 31) * DAY]);
    expect(Object.keys(rewards.claimed_rewards)).toEqual(dayKeys(TODAY - 60, TODAY - 31));
    expect(rewards).toEqual(brute.compute('dailyClaimedRewards', 'nebula', previous));

    const users = await get('tidal', 'dailyUsers', previous) as { dailyUsers: { timestamp: number }[] };
    expect(users.dailyUsers.map((d) => String(d.timestamp))).toEqual(dayKeys(TODAY - 60, TODAY - 31));
    const longer = await get('tidal', 'dailyUsers', days(TODAY - 90, TODAY - 1)) as typeof users;
    expect(longer.dailyUsers.slice(30, 60)).toEqual(users.dailyUsers);
    expect(users).toEqual(brute.compute('dailyUsers', 'tidal', previous));
  });

  it('new vs returning over an earlier window counts as returning those seen before that window', async () => {
    const before = await get('tidal', 'userInbounce', previous) as { wallet: { new: number; return: number } };
    expect(before).toEqual(brute.compute('userInbounce', 'tidal', previous));
    expect(before.wallet.new + before.wallet.return).toBeGreaterThan(0);
    const now = await get('tidal', 'userInbounce', current);
    expect(now).toEqual(brute.compute('userInbounce', 'tidal', current));
    expect(now).not.toEqual(before);
  });

  it('traffic share over an earlier window', async () => {
    const before = await get('tidal', 'trafficShare', previous);
    expect(before).toEqual(brute.compute('trafficShare', 'tidal', previous));
  });

  it('the last second of a day stays in that day: a window never spills into the next', async () => {
    const one = await get('nebula', 'dailyUsers', days(TODAY - 1, TODAY - 1)) as { dailyUsers: { timestamp: number }[] };
    expect(one.dailyUsers.map((d) => d.timestamp)).toEqual([(TODAY - 1) * DAY]);
  });
});
