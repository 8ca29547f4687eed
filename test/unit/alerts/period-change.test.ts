import { describe, expect, it } from 'vitest';
import { alertNotification, describeCondition } from '@/lib/alerts/message.ts';
import { evaluatePeriodChange, isPast } from '@/lib/alerts/period-change.ts';
import { parseRule, validRules, type AlertRule } from '@/lib/alerts/rule.ts';
import { comparedPeriods } from '@/lib/stats/periods.ts';
import layout010 from '@/test/unit/storage/fixtures/layout-0.1.0.json';
import { DAY_S, HOUR, T0, dailyUsersBody, fakeClock, filters, rule } from './fixtures.ts';

const clock = fakeClock(T0);
const now = T0 + 12 * HOUR;
const yesterday = T0 / 1000 - DAY_S;
/** Periods of 7 days: the 7 days before today, against the 7 before them. */
const week = { ...filters, range: { days: 7 as const } };
const periods = { kind: 'complete', periods: comparedPeriods(week.range, now)! } as const;

function changeRule(percent: number, way: 'up' | 'down' | 'either', over: Partial<AlertRule> = {}): AlertRule {
  return rule({ filters: week, condition: { kind: 'periodChange', percent, way }, ...over });
}

/** Daily users: every day of the previous week `before` users, every day of the current one `after` (the answers for each period). */
function answers(before: number | null, after: number) {
  const previous = before === null ? { dailyUsers: [] } : dailyUsersBody(yesterday - 7 * DAY_S, Array(7).fill(before));
  // Both fetched now, after their days were over (lib/stats/headline.ts holds them whole).
  return { previous: { body: previous, storedAt: now }, current: { body: dailyUsersBody(yesterday, Array(7).fill(after)), storedAt: now } };
}

describe('period-change rules: validation', () => {
  it('take a percentage above 0 and a way, and refuse a snapshot metric', () => {
    expect(parseRule({ ...changeRule(20, 'up') }).condition).toEqual({ kind: 'periodChange', percent: 20, way: 'up' });
    expect(() => parseRule({ ...changeRule(20, 'up'), condition: { kind: 'periodChange', percent: 20, way: 'sideways' } })).toThrow(/which way/);
    expect(() => parseRule({ ...changeRule(0, 'up') })).toThrow(/more than 0/);
    expect(() => parseRule({ ...changeRule(20, 'either'), metric: 'whales' })).toThrow(/snapshot/);
  });

  it('leave every rule the last release stored valid, as it was', () => {
    const stored = layout010.local.alertRules;
    expect(validRules(stored)).toEqual(stored.map((r) => ({ ...r })));
  });
});

describe('period-change rules: evaluation', () => {
  it('is past the line only beyond N %, never at exactly N %', () => {
    expect(isPast(20, 20, 'either')).toBe(false);
    expect(isPast(20.01, 20, 'up')).toBe(true);
    expect(isPast(-25, 20, 'up')).toBe(false);
    expect(isPast(-25, 20, 'down')).toBe(true);
    expect(isPast(-25, 20, 'either')).toBe(true);
  });

  it('takes its bearings, then fires when the change crosses the line (complete days only)', () => {
    const r = changeRule(20, 'up');
    const first = evaluatePeriodChange(r, {}, periods, answers(100, 110), now, clock, true);
    expect(first.fired).toBeNull();
    expect(first.state).toMatchObject({ lastChange: expect.closeTo(10, 6), changeDays: 7, change: { kind: 'relative', direction: 'up' } });
    // 100 → 125: +25 %, past 20 % up.
    const next = evaluatePeriodChange(r, first.state, periods, answers(100, 125), now + HOUR, clock);
    expect(next.fired).toMatchObject({ ruleId: 'r1', value: 125, from: 100, percent: expect.closeTo(25, 6), days: 7, day: yesterday });
    // Still past: no second notification.
    expect(evaluatePeriodChange(r, next.state, periods, answers(100, 130), now + 2 * HOUR, clock).fired).toBeNull();
  });

  it('does not fire at exactly N %, nor the other way, nor when flat', () => {
    const bearings = evaluatePeriodChange(changeRule(20, 'up'), {}, periods, answers(100, 100), now, clock, true).state;
    expect(bearings.change).toMatchObject({ kind: 'relative', direction: 'flat' });
    expect(evaluatePeriodChange(changeRule(20, 'up'), bearings, periods, answers(100, 120), now, clock).fired).toBeNull();
    expect(evaluatePeriodChange(changeRule(20, 'up'), bearings, periods, answers(100, 70), now, clock).fired).toBeNull();
    expect(evaluatePeriodChange(changeRule(20, 'down'), bearings, periods, answers(100, 70), now, clock).fired).toMatchObject({ percent: expect.closeTo(-30, 6) });
    expect(evaluatePeriodChange(changeRule(20, 'either'), bearings, periods, answers(100, 70), now, clock).fired).not.toBeNull();
  });

  it('never fires on no earlier data or an earlier 0, and keeps its bearing for later', () => {
    const r = changeRule(20, 'either');
    const bearings = evaluatePeriodChange(r, {}, periods, answers(100, 105), now, clock, true).state;
    const none = evaluatePeriodChange(r, bearings, periods, answers(null, 500), now, clock);
    expect(none.fired).toBeNull();
    expect(none.state).toMatchObject({ change: { kind: 'no-earlier' }, lastChange: expect.closeTo(5, 6) });
    const zero = evaluatePeriodChange(r, bearings, periods, answers(0, 500), now, clock);
    expect(zero.fired).toBeNull();
    expect(zero.state.change).toEqual({ kind: 'from-zero', direction: 'up', current: 500 });
    // The data comes back past the line: a crossing from the last change that had a number.
    expect(evaluatePeriodChange(r, none.state, periods, answers(100, 150), now, clock).fired).not.toBeNull();
    // No complete day in the window: nothing to compare, nothing fired, and said so (not as an unknown figure).
    const soFar = evaluatePeriodChange(r, bearings, { kind: 'so-far' }, {}, now, clock);
    expect(soFar).toMatchObject({ fired: null, state: { change: { kind: 'no-complete-day' }, lastChange: expect.closeTo(5, 6) } });
    expect(soFar.state).not.toHaveProperty('changeDays');
    // Days complete, the current figure unknown: said as unknown, with why.
    const unknown = evaluatePeriodChange(r, bearings, periods, { ...answers(100, 100), current: { body: { dailyUsers: [] }, storedAt: now } }, now, clock);
    expect(unknown.state).toMatchObject({ change: { kind: 'no-current', why: 'no-days' }, changeDays: 7 });
  });

  it('fires at most once per local day', () => {
    const r = changeRule(20, 'either');
    const bearings = evaluatePeriodChange(r, {}, periods, answers(100, 100), now, clock, true).state;
    const fired = evaluatePeriodChange(r, bearings, periods, answers(100, 150), now, clock);
    const back = evaluatePeriodChange(r, fired.state, periods, answers(100, 100), now + HOUR, clock);
    expect(evaluatePeriodChange(r, back.state, periods, answers(100, 150), now + 2 * HOUR, clock).fired).toBeNull();
  });
});

describe('period-change rules: words', () => {
  it('say the condition and the change, with the period', () => {
    const r = changeRule(20, 'up');
    expect(describeCondition(r)).toBe('rises by more than 20% against the previous 7 days');
    expect(describeCondition(changeRule(5, 'either', { metric: 'returningShare' }))).toBe('changes by more than 5 percentage points against the previous 7 days');
    // A fixed from..to window: the default 30 days.
    expect(describeCondition(changeRule(12.5, 'down', { filters: { ...filters, range: { from: '2026-01-01', to: '2026-01-31' } } }))).toBe('falls by more than 12.5% against the previous 30 days');
    const bearings = evaluatePeriodChange(r, {}, periods, answers(100, 100), now, clock, true).state;
    const fired = evaluatePeriodChange(r, bearings, periods, answers(1000, 1250), now, clock).fired!;
    const note = alertNotification(r, fired, clock);
    expect(note.title).toBe('Daily users, nebula');
    expect(note.message).toBe('Mar 3 – Mar 9: up 25% from the 7 days before (1,000 → 1,250 a day on average).');
  });
});
