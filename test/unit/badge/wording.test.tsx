// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '@/lib/api/client.ts';
import { badgeSettingItem, type BadgeSetting } from '@/lib/badge/setting.ts';
import { badgeChangeWords, badgeDescription, badgeShowLabel, badgeWhat } from '@/lib/badge/wording.ts';
import { updateBadge, type BadgeDeps } from '@/lib/badge/worker.ts';
import { BadgeControl } from '@/components/stats/BadgeControl.tsx';
import type { StatsFilters } from '@/lib/stats/query.ts';
import { testCache } from '@/test/unit/cache/fakes.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { HOLDERS_NOW, METRICS } from './wording-cases.ts';

/**
 * The badge says what it shows (issue 37), in English: the option, the tooltip and the description its
 * choices carry for a screen reader name the days its figure covers by the one rule of headline numbers
 * (issue 35: a level's last complete day, a stock at the end of it, a total over the last N complete days)
 * or, its change, the period against the N days before. Never "today", unless the range is today so far.
 */

const filters: StatsFilters = { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } };

describe('the words for what the badge shows, by mode', () => {
  it('the number: the days its figure covers (a level\'s last complete day, a stock at its end, a total over the days)', () => {
    expect(METRICS.map((m) => badgeWhat(m, 'value', 30))).toEqual([
      'DApp users, the last complete day', 'Active holders, the last complete day', 'New holders, the last 30 complete days',
      'Total holders at the end of the last complete day',
    ]);
    expect(badgeWhat('newHolders', 'value', 1)).toBe('New holders, the last complete day');
    expect(badgeWhat('dailyUsers', 'value', null), 'a range of today alone: its days so far').toBe('DApp users, today so far');
  });

  it('the number, where the tooltip knows its days: them, in the words every view uses', () => {
    expect(badgeWhat('dailyUsers', 'value', 30, 'on Nov 15')).toBe('DApp users, on Nov 15');
    expect(badgeWhat('totalHolders', 'value', 30, 'at the end of Nov 15')).toBe('Total holders, at the end of Nov 15');
    expect(badgeWhat('newHolders', 'value', 30, 'Oct 17 – Nov 15')).toBe('New holders, Oct 17 – Nov 15');
  });

  it('its change: the period, never the label of a day', () => {
    expect(METRICS.map((m) => badgeWhat(m, 'change', 30))).toEqual([
      'DApp users, the last 30 complete days', 'Active holders, the last 30 complete days', 'New holders, the last 30 complete days', 'Total holders, the last 30 complete days',
    ]);
    expect(badgeWhat('dailyUsers', 'change', 1)).toBe('DApp users, the last complete day');
    expect(badgeWhat('dailyUsers', 'change', null), 'no complete day yet: the words say so').toBe('DApp users');
    expect(badgeShowLabel('value', 30)).toBe('the number');
    expect(badgeShowLabel('change', 30)).toBe('its change against the 30 days before');
    expect(badgeShowLabel('change', 1)).toBe('its change against the day before');
    expect(badgeShowLabel('change', null)).toBe('its change against the previous period');
  });

  it('the description under the choices: project, what, period and schedule', () => {
    expect(badgeDescription('dailyUsers', 'value', 30, 'nebula', 30)).toBe('nebula: DApp users, the last complete day, updated every 30 min');
    expect(badgeDescription('dailyUsers', 'change', 30, 'nebula', 30)).toBe('nebula: DApp users, the last 30 complete days, against the 30 days before, updated every 30 min');
    expect(badgeDescription('totalHolders', 'change', 7, 'tidal', 60)).toBe('tidal: Total holders, the last 7 complete days, against the 7 days before, updated every 60 min');
  });

  it('a change of a level is said as compared per day, as the popup says it', () => {
    const up = { kind: 'relative', ratio: 0.1, direction: 'up' } as const;
    expect(badgeChangeWords('dailyUsers', up, 30)).toBe('up 10% from the 30 days before, comparing the average per day');
    expect(badgeChangeWords('newHolders', up, 30)).toBe('up 10% from the 30 days before');
    expect(badgeChangeWords('dailyUsers', up, 1)).toBe('up 10% from the day before');
    expect(badgeChangeWords('dailyUsers', { kind: 'no-earlier' }, 30)).toBe('no earlier data to compare with');
  });

  it('says "today" in no mode, for no metric', () => {
    for (const m of METRICS) {
      for (const text of [badgeWhat(m, 'value', 30), badgeWhat(m, 'change', 30), badgeDescription(m, 'value', 30, 'p', 30), badgeDescription(m, 'change', 30, 'p', 30)]) {
        expect(text, m).not.toMatch(/today/i);
      }
    }
  });
});

describe('the tooltip the worker sets (the toolbar button\'s title, also its screen-reader text)', () => {
  beforeEach(() => fakeBrowser.reset());
  const deps = (answer: unknown): BadgeDeps => ({
    cache: testCache(async () => ({ call: async () => answer }) as unknown as ApiClient, { store: memoryStore<unknown>(), ttlMs: 60_000 }),
    action: fakeBrowser.action as never,
    alarms: fakeBrowser.alarms as never,
    title: 'Vantage',
  });
  const on = (metric: BadgeSetting['metric']): BadgeSetting => ({ metric, filters, periodMinutes: 30 } as BadgeSetting);

  it('names the days of the number it shows, and the project', async () => {
    // The cache stamps answers with the real clock: yesterday is the last complete day.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    const answer = { dailyUsers: [{ timestamp: today - 86_400, numberOfUsers: 510, numberOfTransactions: 1 }, { timestamp: today, numberOfUsers: 20, numberOfTransactions: 1 }] };
    const shown = await updateBadge(deps(answer), on('dailyUsers'));
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format((today - 86_400) * 1000);
    expect(shown).toEqual({ text: '510', title: `Vantage: nebula, DApp users, on ${day}: 510` });
    expect(await fakeBrowser.action.getTitle({})).toBe(shown.title);
    expect((await updateBadge(deps(HOLDERS_NOW), on('totalHolders'))).title).toBe(`Vantage: nebula, Total holders, at the end of ${day}: 48,213`);
  });
});

describe('the popup\'s badge choices follow the mode', () => {
  const root = useRenderRoot();
  const setting = (show: 'value' | 'change'): BadgeSetting => ({ metric: 'dailyUsers', filters, periodMinutes: 30, ...(show === 'change' ? { show } : {}) });
  const optionTexts = (id: string) => [...root().querySelectorAll(`#${id} option`)].map((o) => o.textContent);

  it('the number: each option names its days; the description names project, days and schedule, and the choices point to it', async () => {
    await badgeSettingItem.setValue(setting('value'));
    await act(() => render(<BadgeControl filters={filters} />, root()));
    await expect.poll(() => optionTexts('stats-badge')).toEqual([
      'Off', 'DApp users, the last complete day', 'Active holders, the last complete day', 'New holders, the last 30 complete days',
      'Total holders at the end of the last complete day',
    ]);
    expect(optionTexts('stats-badge-show')).toEqual(['the number', 'its change against the 30 days before']);
    const hint = root().querySelector('#stats-badge-what')!;
    expect(hint.textContent).toBe('nebula: DApp users, the last complete day, updated every 30 min');
    for (const id of ['stats-badge', 'stats-badge-show']) expect(root().querySelector(`#${id}`)!.getAttribute('aria-describedby')).toBe('stats-badge-what');
  });

  it('its change: the options name the period, and so does the description', async () => {
    await badgeSettingItem.setValue(setting('change'));
    await act(() => render(<BadgeControl filters={filters} />, root()));
    await expect.poll(() => optionTexts('stats-badge')).toEqual(['Off', 'DApp users, the last 30 complete days', 'Active holders, the last 30 complete days', 'New holders, the last 30 complete days', 'Total holders, the last 30 complete days']);
    expect(root().querySelector('#stats-badge-what')!.textContent).toBe('nebula: DApp users, the last 30 complete days, against the 30 days before, updated every 30 min');
  });
});
