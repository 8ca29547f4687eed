import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';
import { BADGE_METRICS, isBadgeMetric } from '@/lib/badge/metrics.ts';
import { badgeSettingItem, isBadgeSetting, type BadgeSetting } from '@/lib/badge/setting.ts';
import { formatBadgeChange } from '@/lib/format/number.ts';
import { BADGE_ALARM, startBadge, syncBadge, updateBadge, type BadgeDeps } from '@/lib/badge/worker.ts';
import { headlineBasis, headlineNeeds } from '@/lib/stats/headline.ts';
import { requestKey, type StatsFilters } from '@/lib/stats/query.ts';
import { inTestScope, testCache } from '@/test/unit/cache/fakes.ts';
import { eventually } from '@/test/unit/eventually.ts';

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

/** A holder answer as the service gives it for any window: yesterday and today so far in its logs. */
function holdersAt(nowMs: number, active = 1830) {
  const today = Math.floor(nowMs / 86_400_000) * 86_400;
  return { now: { active: 5, new: 214, total: 48213 }, logs: { [today - 86_400]: { active, new: 40 }, [today]: { active: 5, new: 2 } } };
}

describe('the badge\'s figure follows the one rule of headline numbers', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the figure the popup shows: the latest complete day of a level, never today so far', async () => {
    vi.setSystemTime(Date.UTC(2023, 10, 17, 12));
    const d = deps(async (op) => (op === 'holderChange' ? holdersAt(Date.now()) : daily));
    // Nov 16 (1,700,092,800) is the latest complete day with daily users; today (Nov 17) has none yet.
    expect(await updateBadge(d, on('dailyUsers'))).toEqual({ text: '2050', title: 'Vantage: nebula, DApp users, on Nov 16: 2,050' });
    expect(await updateBadge(d, on('activeHolders'))).toMatchObject({ text: '1830' });
    // Just after midnight UTC: the day before is now the latest complete one.
    vi.setSystemTime(Date.UTC(2023, 10, 17, 0, 0, 5));
    expect(await updateBadge(d, on('dailyUsers'))).toMatchObject({ text: '2050' });
    vi.setSystemTime(Date.UTC(2023, 10, 16, 23, 59, 55));
    expect(await updateBadge(deps(async () => daily), on('dailyUsers'))).toMatchObject({ text: '1830' });
  });

  it('knows its metrics by name, and nothing else', () => {
    expect(isBadgeMetric('dailyUsers')).toBe(true);
    expect(isBadgeMetric('toString')).toBe(false);
  });

  it('asks for the compared days (the popup\'s requests), never for the range up to now', async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 26, 15));
    const asked: { startTime?: number; endTime?: number }[] = [];
    const d = deps(async (_op, params) => (asked.push(params ?? {}), holdersAt(Date.now())));
    expect(await updateBadge(d, on('newHolders'))).toEqual({ text: '40', title: 'Vantage: nebula, New holders, Oct 27 – Nov 25: 40' });
    expect(asked).toEqual([expect.objectContaining({ startTime: Date.UTC(2026, 9, 27) / 1000, endTime: Date.UTC(2026, 10, 26) / 1000 - 1 })]);
  });
});

describe('badge metrics on an answer without "now"', () => {
  it('stand on the series, as the popup does', async () => {
    // The cache stamps the answer with the real clock: today is not over, yesterday is.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    const d = deps(async () => ({ logs: { [today - 86_400]: { active: 1790, new: 40 }, [today]: { active: 900, new: 5 } } }));
    expect(await updateBadge(d, on('activeHolders'))).toMatchObject({ text: '1790' });
    // No total in a series: nothing stands in for it, and the title says it is missing from the answer.
    expect(await updateBadge(d, on('totalHolders'))).toMatchObject({ text: '' });
  });
});

describe('updateBadge', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.useRealTimers());

  it('is empty when off (the default)', async () => {
    expect(await badgeSettingItem.getValue()).toEqual({ metric: 'off' });
    const d = deps(async () => holders);
    expect(await updateBadge(d, { metric: 'off' })).toEqual({ text: '', title: 'Vantage' });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('shows the chosen number, compact, with the exact one and its days in the title', async () => {
    const d = deps(async () => holders);
    const end = new Date((Math.floor(Date.now() / 86_400_000) - 1) * 86_400_000);
    const day = end.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(await updateBadge(d, on('totalHolders'))).toEqual({ text: '48K', title: `Vantage: nebula, Total holders, at the end of ${day}: 48,213` });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('48K');
  });

  it('keeps the last known number when the service fails, and says why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 26, 15));
    const d = deps(async () => Promise.reject(new ApiError({ kind: 'network', message: 'down' })));
    const { current } = headlineNeeds({ op: 'holderChange', filters }, headlineBasis(filters.range, Date.now()));
    // Stored this morning, after the compared days were over; older than the cache's minute.
    await d.store.set(inTestScope(requestKey(current!.request)), { value: holders, storedAt: Date.UTC(2026, 10, 26, 9) });
    const shown = await updateBadge(d, on('totalHolders'));
    expect(shown.text).toBe('48K');
    expect(shown.title).toMatch(/48,213 \(not updated: The service is unreachable/);
  });

  it('writes the text last, so whoever sees a new text sees its tooltip and colour with it', async () => {
    const calls: [string, object][] = [];
    const record = (name: string) => async (details: object) => void calls.push([name, details]);
    const d = { ...deps(async () => holders), action: { setBadgeBackgroundColor: record('colour'), setTitle: record('title'), setBadgeText: record('text') } };
    await updateBadge(d, on('totalHolders'));
    expect(calls.map(([name]) => name)).toEqual(['colour', 'title', 'text']);
    expect(calls[2]).toEqual(['text', { text: '48K' }]);
  });

  it('shows "!" when there is neither an answer nor a cached one', async () => {
    const d = deps(async () => Promise.reject(new ApiError({ kind: 'key-rejected', message: 'bad key' })));
    expect(await updateBadge(d, on('activeHolders'))).toMatchObject({ text: '!', title: expect.stringMatching(/rejected the API key/) });
  });
});

describe('badge schedule', () => {
  beforeEach(() => fakeBrowser.reset());

  it('creates the alarm when a metric is chosen and clears it when turned off', async () => {
    const d = deps(async () => holdersAt(Date.now()));
    await syncBadge(d, on('activeHolders'), false);
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toMatchObject({ name: BADGE_ALARM, periodInMinutes: 30 });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1830');
    await syncBadge(d, { metric: 'off' }, false);
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toBeFalsy();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('follows the setting and refreshes on each alarm', async () => {
    let active = 1830;
    const call = vi.fn(async () => holdersAt(Date.now(), active));
    startBadge(deps(call, 0));
    await badgeSettingItem.setValue(on('activeHolders'));
    await eventually(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('1830'));
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toBeTruthy();
    active = 1900;
    await fakeBrowser.alarms.onAlarm.trigger({ name: BADGE_ALARM, scheduledTime: Date.now() });
    await eventually(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('1900'));
    await badgeSettingItem.setValue({ metric: 'off' });
    await eventually(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
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
    // A level: compared by its mean per day, which the title says (as hovering the change in the popup does).
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
