// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient } from '@/lib/api/client.ts';
import { BADGE_METRICS } from '@/lib/badge/metrics.ts';
import { badgeSettingItem, type BadgeSetting } from '@/lib/badge/setting.ts';
import { badgeChangeWords, badgeDescription, badgeShowLabel, badgeWhat, figureDay } from '@/lib/badge/wording.ts';
import { updateBadge, type BadgeDeps } from '@/lib/badge/worker.ts';
import { BadgeControl } from '@/components/stats/BadgeControl.tsx';
import type { StatsFilters } from '@/lib/stats/query.ts';
import { testCache } from '@/test/unit/cache/fakes.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { DAILY, DAY1, DAY2, FETCHED, HOLDERS_NO_NOW, HOLDERS_NOW, METRICS } from './wording-cases.ts';

/**
 * The badge says what it shows (issue 37), in English: the option, the tooltip and the description its
 * choices carry for a screen reader name the day (the last complete day; holders: the service's figure now)
 * or the period (the last N complete days against the N before), following the mode. Never "today".
 */

const filters: StatsFilters = { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } };

describe('the words for what the badge shows, by mode', () => {
  it('the number: the last complete day for daily users, "now" for holders', () => {
    expect(METRICS.map((m) => badgeWhat(m, 'value', 30))).toEqual([
      'DApp users, the last complete day', 'Active holders now', 'New holders now', 'Total holders now',
    ]);
  });

  it('the number, where the tooltip knows its day: the date, named as the latest complete day', () => {
    expect(badgeWhat('dailyUsers', 'value', null, DAY1)).toBe('DApp users on Nov 15, the latest complete day');
    expect(badgeWhat('activeHolders', 'value', null, DAY1)).toBe('Active holders on Nov 15, the latest complete day');
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

describe('figureDay: the day the number stands on is the one its figure was read from', () => {
  it('daily users: the last complete day, whose users are the badge\'s number', () => {
    expect(figureDay('dailyUsers', DAILY, FETCHED)).toBe(DAY1);
    expect(BADGE_METRICS.dailyUsers.read(DAILY, FETCHED)).toBe(309);
    // Fetched once the second day was over: that one.
    expect(figureDay('dailyUsers', DAILY, (DAY2 + 86_400) * 1000)).toBe(DAY2);
    expect(figureDay('dailyUsers', { dailyUsers: [] }, FETCHED)).toBeNull();
  });

  it('holders: none with the service\'s "now"; the day that stands in without it', () => {
    expect(figureDay('activeHolders', HOLDERS_NOW, FETCHED)).toBeNull();
    expect(figureDay('totalHolders', HOLDERS_NOW, FETCHED)).toBeNull();
    expect(figureDay('activeHolders', HOLDERS_NO_NOW, FETCHED)).toBe(DAY1);
    expect(BADGE_METRICS.activeHolders.read(HOLDERS_NO_NOW, FETCHED)).toBe(1790);
    expect(figureDay('newHolders', HOLDERS_NO_NOW, FETCHED)).toBe(DAY1);
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

  it('names the day of the number it shows, and the project', async () => {
    // The cache stamps answers with the real clock: yesterday is the last complete day.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    const answer = { dailyUsers: [{ timestamp: today - 86_400, numberOfUsers: 510, numberOfTransactions: 1 }, { timestamp: today, numberOfUsers: 20, numberOfTransactions: 1 }] };
    const shown = await updateBadge(deps(answer), on('dailyUsers'));
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format((today - 86_400) * 1000);
    expect(shown).toEqual({ text: '510', title: `Vantage: nebula, DApp users on ${day}, the latest complete day: 510` });
    expect(await fakeBrowser.action.getTitle({})).toBe(shown.title);
    expect((await updateBadge(deps(HOLDERS_NOW), on('activeHolders'))).title).toBe('Vantage: nebula, Active holders now: 1,830');
  });
});

describe('the popup\'s badge choices follow the mode', () => {
  const root = useRenderRoot();
  const setting = (show: 'value' | 'change'): BadgeSetting => ({ metric: 'dailyUsers', filters, periodMinutes: 30, ...(show === 'change' ? { show } : {}) });
  const optionTexts = (id: string) => [...root().querySelectorAll(`#${id} option`)].map((o) => o.textContent);

  it('the number: each option names its day; the description names project, day and schedule, and the choices point to it', async () => {
    await badgeSettingItem.setValue(setting('value'));
    await act(() => render(<BadgeControl filters={filters} />, root()));
    await expect.poll(() => optionTexts('stats-badge')).toEqual(['Off', 'DApp users, the last complete day', 'Active holders now', 'New holders now', 'Total holders now']);
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
