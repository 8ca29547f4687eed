/**
 * The one rule of headline numbers (lib/stats/headline.ts): which days a
 * figure covers, what it is compared with, which answers hold them, and how
 * its absence is said. Each case at the depth of the rule: every kind of
 * figure (a flow's total, a level compared by its mean per day, a window
 * figure, a stock at its end, a share, a snapshot), ranges with and without a
 * complete day, around midnight UTC.
 */
import { describe, expect, it } from 'vitest';
import { CHANGE_SOURCES, hasHistory, trafficVisitors, type ChangeId } from '@/lib/stats/change-sources.ts';
import { coversText, figureRequest, gapText, headline, headlineBasis, headlineNeeds, holdsWhole, periodOverMs, type Answer } from '@/lib/stats/headline.ts';
import { normalize } from '@/lib/stats/operation-views.ts';
import type { StatsRequest } from '@/lib/stats/query.ts';

const DAY = 86_400;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const at = (iso: string) => Date.parse(iso);
/** 15:00 UTC on Nov 26: Nov 26 is not over. */
const NOW = at('2026-11-26T15:00:00Z');
const week = headlineBasis({ days: 7 }, NOW);
if (week.kind !== 'complete') throw new Error('7 days hold complete days');
const { periods } = week;

/** Holder logs for `n` days from `from`: active(i), new(i); `now` as the service answers it for the window. */
function holders(from: string, n: number, active: (i: number) => number, fresh: (i: number) => number, total: number | null) {
  const logs: Record<string, { active: number; new: number }> = {};
  let sum = 0;
  for (let i = 0; i < n; i++) {
    logs[String(day(from) + i * DAY)] = { active: active(i), new: fresh(i) };
    sum += fresh(i);
  }
  return { now: { active: active(n - 1), new: sum, total }, logs };
}

const got = (body: unknown, storedAt = NOW): Answer => ({ body, storedAt });

/** The week's answers: the range's own (Nov 19 .. today so far, 8 days), the current period's (Nov 19..25) and the previous one's (Nov 12..18). */
function weekAnswers(): { range: Answer; current: Answer; previous: Answer } {
  return {
    // Today so far: a huge figure that must never count.
    range: got(holders('2026-11-19', 8, (i) => (i === 7 ? 99_999 : 200 + i), (i) => (i === 7 ? 99_999 : 10), 5_100)),
    current: got(holders('2026-11-19', 7, (i) => 200 + i, () => 10, 5_000)),
    previous: got(holders('2026-11-12', 7, (i) => 100 + i, () => 5, 4_000)),
  };
}

describe('the basis: complete days, or today so far', () => {
  it('"the last N days" compares the N days before today with the N before those, whatever the hour', () => {
    expect(periods).toEqual({ days: 7, current: { from: '2026-11-19', to: '2026-11-25' }, previous: { from: '2026-11-12', to: '2026-11-18' } });
    // Just after midnight UTC the periods have moved on by a day; just before, they have not.
    expect(headlineBasis({ days: 7 }, at('2026-11-26T23:59:59.999Z'))).toEqual(week);
    expect(headlineBasis({ days: 7 }, at('2026-11-27T00:00:01Z'))).toMatchObject({ periods: { current: { from: '2026-11-20', to: '2026-11-26' } } });
  });

  it('a picked range with no complete day yet (today alone, or days to come) has figures of today so far and no change', () => {
    expect(headlineBasis({ from: '2026-11-26', to: '2026-11-26' }, NOW)).toEqual({ kind: 'so-far' });
    expect(headlineBasis({ from: '2026-11-27', to: '2026-11-30' }, NOW)).toEqual({ kind: 'so-far' });
    // Today alone, just after midnight: still nothing complete in it.
    expect(headlineBasis({ from: '2026-11-27', to: '2026-11-27' }, at('2026-11-27T00:00:05Z'))).toEqual({ kind: 'so-far' });
    // A range that includes yesterday: that one day, against the day before.
    expect(headlineBasis({ from: '2026-11-25', to: '2026-11-26' }, NOW)).toMatchObject({ periods: { days: 1, current: { from: '2026-11-25', to: '2026-11-25' } } });
  });

  it('asks for each period (fetched once its last day is over), or for the range itself while it has no complete day', () => {
    const request: StatsRequest = { op: 'holderChange', filters: { project: 'p', chainId: '', tokenId: '', dapp: '', range: { days: 7 } } };
    const needs = headlineNeeds(request, week);
    expect(needs.current).toEqual({ request: { ...request, filters: { ...request.filters, range: { from: '2026-11-19', to: '2026-11-25' } } }, completeAfterMs: at('2026-11-26T00:00:00Z') });
    expect(needs.previous?.completeAfterMs).toBe(at('2026-11-19T00:00:00Z'));
    expect(needs.range).toBeUndefined();
    expect(headlineNeeds(request, { kind: 'so-far' })).toEqual({ range: { request, completeAfterMs: 0 } });
    expect(figureRequest(request, week)).toEqual(needs.current!.request);
    expect(figureRequest(request, { kind: 'so-far' })).toBe(request);
  });

  it('an answer holds a period whole only if it was fetched after the period\'s last day was over', () => {
    expect(periodOverMs(periods.current)).toBe(at('2026-11-26T00:00:00Z'));
    expect(holdsWhole(got({}, at('2026-11-25T23:59:59Z')), periods.current)).toBe(false);
    expect(holdsWhole(got({}, at('2026-11-26T00:00:00Z')), periods.current)).toBe(true);
    expect(holdsWhole(undefined, periods.current)).toBe(false);
    expect(holdsWhole(null, periods.current)).toBe(false);
  });
});

describe('which days a figure covers, and its change', () => {
  it('a flow (new holders) is the total of the compared days, today so far left out, against the days before', () => {
    const h = headline('newHolders', week, weekAnswers());
    expect(h).toMatchObject({ value: 70, gap: null, covers: { kind: 'days', from: day('2026-11-19'), to: day('2026-11-25') }, days: 7, perDay: false });
    expect(h.change).toEqual({ kind: 'relative', direction: 'up', ratio: 1 });
    expect(h.compared).toEqual({ current: 70, previous: 35 });
    // Not the service's whole-window figure (today so far included).
    expect(h.value).not.toBe((weekAnswers().range!.body as { now: { new: number } }).now.new);
  });

  it('a level (active holders) shows the latest compared day, and compares the means per day', () => {
    const h = headline('activeHolders', week, weekAnswers());
    expect(h).toMatchObject({ value: 206, covers: { kind: 'day', day: day('2026-11-25') }, perDay: true });
    expect(h.compared).toEqual({ current: 203, previous: 103 });
    expect(h.change).toMatchObject({ kind: 'relative', direction: 'up', ratio: expect.closeTo(100 / 103, 12) });
  });

  it('a stock (total holders) is the current period\'s own answer at its end, never the range\'s up to now', () => {
    const h = headline('totalHolders', week, weekAnswers());
    expect(h).toMatchObject({ value: 5_000, covers: { kind: 'end', day: day('2026-11-25') } });
    expect(h.change).toMatchObject({ kind: 'relative', direction: 'up', ratio: 0.25 });
    // Without the current period's answer it waits: the range's (up to now: 5,100) never stands in.
    const waiting = headline('totalHolders', week, { ...weekAnswers(), current: undefined });
    expect(waiting.value).toBeUndefined();
    expect(waiting.change).toBeUndefined();
  });

  it('a series figure stands on the range\'s answer when that holds the days whole, so the number never waits for the periods', () => {
    const { range } = weekAnswers();
    const h = headline('newHolders', week, { range, current: undefined, previous: undefined });
    expect(h.value).toBe(70);
    expect(h.change).toBeUndefined();
    // Fetched before Nov 25 was over (yesterday 23:55, the popup opened at 00:03): it holds a day so far, so the period's own answer decides.
    const late = { ...range, storedAt: at('2026-11-25T23:55:00Z') };
    expect(headline('newHolders', week, { range: late }).value).toBeUndefined();
    expect(headline('newHolders', week, { range: late, current: weekAnswers().current }).value).toBe(70);
    // Once the period's own answer is there, it decides (as in the badge, alerts and the Projects tab), even against a
    // range answer that says otherwise for the same days.
    const other = got(holders('2026-11-19', 8, () => 1, () => 99, 1));
    expect(headline('newHolders', week, { range: other, current: weekAnswers().current, previous: weekAnswers().previous })).toMatchObject({ value: 70, compared: { current: 70 } });
  });

  it('a period answer fetched before its last day was over is not taken: the change waits for a newer one', () => {
    const early = { ...weekAnswers().current, storedAt: at('2026-11-25T20:00:00Z') };
    const h = headline('totalHolders', week, { ...weekAnswers(), range: undefined, current: early });
    expect(h.value).toBeUndefined();
    expect(h.change).toBeUndefined();
  });

  it('a failed period answer makes the change unavailable, never "no earlier data"', () => {
    expect(headline('activeHolders', week, { ...weekAnswers(), previous: null }).change).toEqual({ kind: 'failed' });
    const h = headline('totalHolders', week, { ...weekAnswers(), current: null });
    expect(h.change).toEqual({ kind: 'failed' });
    expect(h.value).toBeNull();
  });

  it('no earlier data, or an earlier zero, has no percentage', () => {
    const none = headline('newHolders', week, { ...weekAnswers(), previous: got({ now: {}, logs: {} }) });
    expect(none.change).toEqual({ kind: 'no-earlier' });
    expect(none.value).toBe(70);
    const zero = headline('newHolders', week, { ...weekAnswers(), previous: got(holders('2026-11-12', 7, () => 1, () => 0, 0)) });
    expect(zero.change).toEqual({ kind: 'from-zero', direction: 'up', current: 70 });
    expect(headline('totalHolders', week, { ...weekAnswers(), previous: got(holders('2026-11-12', 7, () => 1, () => 0, 0)) }).change).toMatchObject({ kind: 'from-zero' });
  });

  it('a share changes by points; its figure is the current period\'s answer', () => {
    const inb = (ret: number) => got({ wallet: { new: 100 - ret, return: ret }, visitor: { new: 50, return: 50 } });
    const h = headline('returningShare', week, { range: inb(99), current: inb(40), previous: inb(30) });
    expect(h.value).toBeCloseTo(0.4, 12);
    expect(h.covers).toEqual({ kind: 'days', from: day('2026-11-19'), to: day('2026-11-25') });
    expect(h.change).toMatchObject({ kind: 'points', direction: 'up', points: expect.closeTo(0.1, 12) });
  });

  it('an unknown figure says why: missing from the answer, sent as unknown, or no data on those days; never "no complete day"', () => {
    const inb = (wallet: unknown) => got({ wallet, visitor: { new: 1, return: 1 } });
    const previous = inb({ new: 70, return: 30 });
    expect(headline('returningShare', week, { current: inb({ new: null, return: 30 }), previous })).toMatchObject({ value: null, gap: 'unknown', change: { kind: 'no-current', why: 'unknown' } });
    expect(headline('returningShare', week, { current: inb({ return: 30 }), previous })).toMatchObject({ gap: 'missing', change: { kind: 'no-current', why: 'missing' } });
    expect(headline('returningShare', week, { current: got({ visitor: {} }), previous })).toMatchObject({ gap: 'missing' });
    expect(headline('totalHolders', week, { current: got({ now: { total: null }, logs: {} }), previous: weekAnswers().previous })).toMatchObject({ gap: 'unknown', change: { kind: 'no-current', why: 'unknown' } });
    expect(headline('totalHolders', week, { current: got({ logs: {} }), previous: weekAnswers().previous })).toMatchObject({ gap: 'missing' });
    expect(headline('dailyUsers', week, { current: got({ dailyUsers: [] }), previous: got({ dailyUsers: [{ timestamp: day('2026-11-12'), numberOfUsers: 5 }] }) }))
      .toMatchObject({ value: null, gap: 'no-days', change: { kind: 'no-current', why: 'no-days' } });
  });

  it('today alone: the figures of today so far, no change, and it says no complete day yet', () => {
    const today = headlineBasis({ from: '2026-11-26', to: '2026-11-26' }, NOW);
    const range = got({ startTime: day('2026-11-26'), endTime: day('2026-11-26'), claimed_rewards: { [day('2026-11-26')]: 12.5 } });
    const rewards = headline('claimedRewards', today, { range });
    expect(rewards).toMatchObject({ value: 12.5, gap: null, covers: { kind: 'so-far', asOf: NOW }, change: { kind: 'no-complete-day' }, days: 0 });
    const users = headline('dailyUsers', today, { range: got({ dailyUsers: [{ timestamp: day('2026-11-26'), numberOfUsers: 40, numberOfTransactions: 90 }] }) });
    expect(users).toMatchObject({ value: 40, change: { kind: 'no-complete-day' } });
    // The service answered nothing for the day: no data, said as such (not "not in the service's answer").
    expect(headline('claimedRewards', today, { range: got({ claimed_rewards: {} }) })).toMatchObject({ value: null, gap: 'no-days' });
    expect(headline('claimedRewards', today, { range: undefined }).value).toBeUndefined();
  });

  it('a snapshot has no history whatever the range', () => {
    const h = headline('whales', week, { range: got({ whales: 12, normalWallets: 1, forgottenWallets: 2 }) });
    expect(h).toMatchObject({ value: 12, covers: { kind: 'snapshot' }, change: { kind: 'snapshot' } });
    expect(headline('countryVisitors', { kind: 'so-far' }, { range: got({ visitors: 7 }) })).toMatchObject({ value: 7, change: { kind: 'snapshot' } });
  });

  it('every headline number whose source takes no time range is a snapshot, and every other asks for one', () => {
    for (const [id, s] of Object.entries(CHANGE_SOURCES)) expect(hasHistory(s.op), id).toBe(s.kind !== 'snapshot');
  });

  it('in every kind, a day so far of the range (today) never reaches the figure or the change', () => {
    const huge = 1e9;
    const todayDay = day('2026-11-26');
    const bodies: Partial<Record<ChangeId, [unknown, unknown]>> = {
      dailyUsers: [
        { dailyUsers: [...[0, 1, 2, 3, 4, 5, 6].map((i) => ({ timestamp: day('2026-11-19') + i * DAY, numberOfUsers: 10, numberOfTransactions: 20 })), { timestamp: todayDay, numberOfUsers: huge, numberOfTransactions: huge }] },
        { dailyUsers: [0, 1, 2, 3, 4, 5, 6].map((i) => ({ timestamp: day('2026-11-12') + i * DAY, numberOfUsers: 10, numberOfTransactions: 20 })) },
      ],
      claimedRewards: [
        { claimed_rewards: { ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((i) => [day('2026-11-19') + i * DAY, 1])), [todayDay]: huge } },
        { claimed_rewards: Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((i) => [day('2026-11-12') + i * DAY, 1])) },
      ],
    };
    for (const [id, [range, previous]] of Object.entries(bodies) as [ChangeId, [unknown, unknown]][]) {
      const h = headline(id, week, { range: got(range), previous: got(previous) });
      expect(h.value, id).toBeLessThan(huge);
      expect(h.change, id).toMatchObject({ direction: 'flat' });
    }
  });
});

describe('the words for which days, and why there is no number', () => {
  it('names the days, the end of a day, one day, or the day so far', () => {
    expect(coversText({ kind: 'days', from: day('2026-10-28'), to: day('2026-11-26') }, '')).toBe('Oct 28 – Nov 26');
    expect(coversText({ kind: 'days', from: day('2026-11-26'), to: day('2026-11-26') }, '')).toBe('on Nov 26');
    expect(coversText({ kind: 'end', day: day('2026-11-26') }, '')).toBe('at the end of Nov 26');
    expect(coversText({ kind: 'day', day: day('2026-11-26') }, '')).toBe('on Nov 26');
    expect(coversText({ kind: 'so-far', asOf: NOW }, 'today so far')).toBe('today so far');
    expect(coversText({ kind: 'snapshot' }, '')).toBeNull();
  });

  it('says a missing figure, an unknown one and days without data apart', () => {
    expect(gapText('missing')).toBe("not in the service's answer");
    expect(gapText('unknown')).toBe('unknown: the service sent no value');
    expect(gapText('no-days')).toBe('no data for these days');
  });
});

describe('trafficVisitors', () => {
  it('is a member\'s users over its share of the window\'s visitors', () => {
    const v = normalize('trafficShare', { layers: [[{ title: 'x.com', users: 800, ratio: 0.4 }, { title: 'y', users: 10, ratio: 0.005 }]], flows: [] });
    expect(trafficVisitors(v)).toBe(2000);
    expect(trafficVisitors(normalize('trafficShare', { layers: [], flows: [] }))).toBeNull();
  });
});
