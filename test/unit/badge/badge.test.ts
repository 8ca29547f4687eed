import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';
import { BADGE_METRICS, isBadgeMetric } from '@/lib/badge/metrics.ts';
import { badgeSettingItem, isBadgeSetting, type BadgeSetting } from '@/lib/badge/setting.ts';
import { formatBadgeChange } from '@/lib/format/number.ts';
import { BADGE_ALARM, startBadge, syncBadge, updateBadge, type BadgeDeps } from '@/lib/badge/worker.ts';
import { requestKey, type StatsFilters } from '@/lib/stats/query.ts';
import { inTestScope, testCache } from '@/test/unit/cache/fakes.ts';

const filters: StatsFilters = { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } };
const holders = { now: { active: 1830, new: 214, total: 48213 }, logs: {} };
const daily = { dailyUsers: [{ timestamp: 1700006400, numberOfUsers: 1830, numberOfTransactions: 5122 }, { timestamp: 1700092800, numberOfUsers: 2050, numberOfTransactions: 6000 }] };

function deps(call: (op: string, params?: { startTime?: number }) => Promise<unknown>, ttlMs = 60_000): BadgeDeps & { store: ReturnType<typeof memoryStore<unknown>> } {
  const store = memoryStore<unknown>();
  return {
    store,
    cache: testCache(async () => ({ call }) as unknown as ApiClient, { store, ttlMs }),
    action: fakeBrowser.action as never,
    alarms: fakeBrowser.alarms as never,
    title: 'Vantage',
  };
}

const on = (metric: keyof typeof BADGE_METRICS): BadgeSetting => ({ metric, filters, periodMinutes: 30 });

describe('badge metrics', () => {
  it('read their number from the operation\'s answer', () => {
    const asOf = Date.UTC(2026, 10, 26);
    expect(BADGE_METRICS.dailyUsers.read(daily, asOf)).toBe(2050);
    expect(BADGE_METRICS.activeHolders.read(holders, asOf)).toBe(1830);
    expect(BADGE_METRICS.totalHolders.read(holders, asOf)).toBe(48213);
    expect(BADGE_METRICS.newHolders.read({}, asOf)).toBeNull();
    expect(isBadgeMetric('dailyUsers')).toBe(true);
    expect(isBadgeMetric('toString')).toBe(false);
  });
});

describe('badge metrics on an answer the popup reads with a fallback', () => {
  // 2023-11-15 and 2023-11-16 (UTC); the answer is fetched at noon on the 16th, so that day is not over.
  const day1 = 1_700_006_400;
  const day2 = day1 + 86_400;
  const noonOfDay2 = (day2 + 43_200) * 1000;
  const noNow = { logs: { [day1]: { active: 1790, new: 40 }, [day2]: { active: 900, new: 5 } } };

  it('let the latest complete day stand in for a missing "now", as the popup does', () => {
    expect(BADGE_METRICS.activeHolders.read(noNow, noonOfDay2)).toBe(1790);
    expect(BADGE_METRICS.newHolders.read(noNow, noonOfDay2)).toBe(40);
    // Fetched after the second day was over: that day stands in.
    expect(BADGE_METRICS.activeHolders.read(noNow, (day2 + 86_400) * 1000)).toBe(900);
    // No total in a series: nothing stands in for it.
    expect(BADGE_METRICS.totalHolders.read(noNow, noonOfDay2)).toBeNull();
  });

  it('show the last complete day of daily users, never a day not over', () => {
    expect(BADGE_METRICS.dailyUsers.read(daily, noonOfDay2)).toBe(1830);
  });

  it('put a missing "now" on the badge from the series, through the worker', async () => {
    // The cache stamps the answer with the real clock: today is not over, yesterday is.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    const d = deps(async () => ({ logs: { [today - 86_400]: { active: 1790, new: 40 }, [today]: { active: 900, new: 5 } } }));
    expect(await updateBadge(d, on('activeHolders'))).toMatchObject({ text: '1790' });
  });
});

describe('updateBadge', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is empty when off (the default)', async () => {
    expect(await badgeSettingItem.getValue()).toEqual({ metric: 'off' });
    const d = deps(async () => holders);
    expect(await updateBadge(d, { metric: 'off' })).toEqual({ text: '', title: 'Vantage' });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('shows the chosen number, compact, with the exact one in the title', async () => {
    const d = deps(async (op) => (op === 'holderChange' ? holders : daily));
    expect(await updateBadge(d, on('totalHolders'))).toEqual({ text: '48K', title: 'Vantage: nebula, Total holders now: 48,213' });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('48K');
    expect(await updateBadge(d, on('dailyUsers'))).toMatchObject({ text: '2050' });
  });

  it('keeps the last known number when the service fails, and says why', async () => {
    const d = deps(async () => Promise.reject(new ApiError({ kind: 'network', message: 'down' })));
    await d.store.set(inTestScope(requestKey({ op: 'holderChange', filters })), { value: holders, storedAt: 0 });
    const shown = await updateBadge(d, on('activeHolders'));
    expect(shown.text).toBe('1830');
    expect(shown.title).toMatch(/not updated: The service is unreachable/);
  });

  it('shows "!" when there is neither an answer nor a cached one', async () => {
    const d = deps(async () => Promise.reject(new ApiError({ kind: 'key-rejected', message: 'bad key' })));
    expect(await updateBadge(d, on('activeHolders'))).toMatchObject({ text: '!', title: expect.stringMatching(/rejected the API key/) });
  });
});

describe('badge schedule', () => {
  beforeEach(() => fakeBrowser.reset());

  it('creates the alarm when a metric is chosen and clears it when turned off', async () => {
    const d = deps(async () => holders);
    await syncBadge(d, on('activeHolders'), false);
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toMatchObject({ name: BADGE_ALARM, periodInMinutes: 30 });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1830');
    await syncBadge(d, { metric: 'off' }, false);
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toBeFalsy();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('follows the setting and refreshes on each alarm', async () => {
    let active = 1830;
    const call = vi.fn(async () => ({ now: { active: active, new: 1, total: 2 } }));
    startBadge(deps(call, 0));
    await badgeSettingItem.setValue(on('activeHolders'));
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('1830'));
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toBeTruthy();
    active = 1900;
    await fakeBrowser.alarms.onAlarm.trigger({ name: BADGE_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('1900'));
    await badgeSettingItem.setValue({ metric: 'off' });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toBeFalsy();
  });
});

describe('the badge showing a change', () => {
  beforeEach(() => fakeBrowser.reset());

  it('fits the change in 4 characters, with its sign', () => {
    expect(formatBadgeChange(0.042)).toBe('+4%');
    expect(formatBadgeChange(-0.12)).toBe('\u221212%');
    expect(formatBadgeChange(0.994)).toBe('+99%');
    expect(formatBadgeChange(0)).toBe('0%');
    expect(formatBadgeChange(-0.004)).toBe('0%');
    expect(formatBadgeChange(1.5)).toBe('\u00D72.5');
    expect(formatBadgeChange(14.2)).toBe('\u00D715');
    expect(formatBadgeChange(5000)).toBe('\u00D71K+');
    expect(formatBadgeChange(-1)).toBe('\u00D70');
    for (const r of [-0.999, -0.5, 0.5, 0.989, 3, 99, 998, 1e6]) expect([...formatBadgeChange(r)].length).toBeLessThanOrEqual(4);
  });

  /** Daily users: `after` a day in the last 30 complete days, `before` a day in the 30 before (null: no data then). */
  function periodsService(before: number | null, after: number) {
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    const days = (first: number, n: number, users: number) => Array.from({ length: n }, (_, i) => ({ timestamp: first + i * 86_400, numberOfUsers: users, numberOfTransactions: 1 }));
    return deps(async (_op, params?: { startTime?: number }) => {
      const currentStart = today - 30 * 86_400;
      if ((params?.startTime ?? 0) >= currentStart) return { dailyUsers: days(currentStart, 30, after) };
      return { dailyUsers: before === null ? [] : days(currentStart - 30 * 86_400, 30, before) };
    });
  }

  it('shows the change against the previous 30 days, in words in the title', async () => {
    const shown = await updateBadge(periodsService(100, 110), { metric: 'dailyUsers', filters, periodMinutes: 30, show: 'change' });
    expect(shown).toEqual({ text: '+10%', title: 'Vantage: nebula, DApp users, the last 30 complete days: up 10% from the 30 days before, comparing the average per day' });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('+10%');
  });

  it('says "no earlier data" rather than a percentage', async () => {
    expect(await updateBadge(periodsService(null, 110), { metric: 'dailyUsers', filters, periodMinutes: 30, show: 'change' })).toEqual({ text: '\u2013', title: 'Vantage: nebula, DApp users, the last 30 complete days: no earlier data to compare with' });
  });

  it('keeps old settings (no "show") valid, and refuses an unknown one', () => {
    expect(isBadgeSetting(on('activeHolders'))).toBe(true);
    expect(isBadgeSetting({ ...on('activeHolders'), show: 'change' })).toBe(true);
    expect(isBadgeSetting({ ...on('activeHolders'), show: 'sparkline' })).toBe(false);
  });
});
