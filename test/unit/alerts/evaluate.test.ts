import { describe, expect, it } from 'vitest';
import { evaluate, type RuleState } from '@/lib/alerts/evaluate.ts';
import type { AlertRule } from '@/lib/alerts/rule.ts';
import { DAY_S, HOUR, T0, dailyUsersBody, dayOf, fakeClock, holdersBody, rule } from './fixtures.ts';

const clock = fakeClock(T0);
const today = dayOf(T0 + 12 * HOUR);

/** Evaluates an answer fetched at the time of the check (no cache in between). */
const fresh = (r: AlertRule, state: RuleState, body: unknown, at: number, baseline = false) => evaluate(r, state, { value: body, storedAt: at }, at, clock, baseline);

/** Evaluates a sequence of answers, one per check, returning what each fired. */
function run(r: ReturnType<typeof rule>, checks: readonly { at: number; body: unknown }[], start: RuleState = {}) {
  let state = start;
  return checks.map(({ at, body }, i) => {
    const ev = fresh(r, state, body, at, i === 0 && Object.keys(start).length === 0);
    state = ev.state;
    return { fired: ev.fired, state };
  });
}

describe('thresholds', () => {
  it('fire on the crossing, not on every check while past the line', () => {
    const r = rule({ metric: 'totalHolders', condition: { kind: 'above', value: 1000 } });
    const at = (h: number) => T0 + h * HOUR;
    const out = run(r, [
      { at: at(1), body: holdersBody(900) }, // bearings
      { at: at(2), body: holdersBody(990) },
      { at: at(3), body: holdersBody(1010) }, // crosses
      { at: at(4), body: holdersBody(1200) }, // still above: quiet
    ]);
    expect(out.map((o) => o.fired?.value ?? null)).toEqual([null, null, 1010, null]);
    expect(out[3]!.state).toMatchObject({ lastValue: 1200, lastCheck: at(4), firedOn: '2026-03-10' });
  });

  it('below: fires going down through the value, not coming back up', () => {
    const r = rule({ metric: 'totalHolders', condition: { kind: 'below', value: 1000 } });
    const out = run(r, [1100, 1000, 1200].map((v, i) => ({ at: T0 + i * HOUR, body: holdersBody(v) })));
    expect(out.map((o) => o.fired?.value ?? null)).toEqual([null, 1000, null]);
  });

  it('never fire on the first check, even when the number is already past the line', () => {
    const r = rule({ metric: 'totalHolders', condition: { kind: 'above', value: 1000 } });
    expect(fresh(r, {}, holdersBody(5000), T0, false).fired).toBeNull();
  });

  it('use the last complete day of a daily series, not the day under way', () => {
    const r = rule({ condition: { kind: 'above', value: 2000 } });
    // The day under way already shows 2500: no crossing until a complete day does.
    const first = fresh(r, {}, dailyUsersBody(today, [1500, 1800, 2500]), T0 + 12 * HOUR, true);
    expect(first.state).toMatchObject({ lastValue: 1800, valueDay: today - DAY_S });
    const same = fresh(r, first.state, dailyUsersBody(today, [1500, 1800, 2600]), T0 + 13 * HOUR);
    expect(same.fired).toBeNull();
    // Next day: yesterday (2600, complete now) crossed the line.
    const next = fresh(r, same.state, dailyUsersBody(today + DAY_S, [1800, 2600, 100]), T0 + 25 * HOUR);
    expect(next.fired).toMatchObject({ ruleId: 'r1', value: 2600, day: today });
  });

  it('shares are kept and compared as fractions', () => {
    const r = rule({ metric: 'returningShare', condition: { kind: 'above', value: 0.5 } });
    const body = (ret: number) => ({ wallet: { new: 100 - ret, return: ret }, visitor: { new: 1, return: 1 } });
    const a = fresh(r, {}, body(40), T0, true);
    expect(fresh(r, a.state, body(60), T0 + HOUR).fired).toMatchObject({ value: 0.6 });
  });
});

describe('day-over-day change', () => {
  const change = (percent: number) => rule({ condition: { kind: 'change', percent } });

  it('compares the last two complete days, either way, only when a new day comes in', () => {
    const r = change(20);
    const noon = T0 + 12 * HOUR;
    // At creation: 1000 → 1500 is already known; it is the bearing, not news.
    const a = fresh(r, {}, dailyUsersBody(today, [1000, 1500, 10]), noon, true);
    expect(a.fired).toBeNull();
    expect(a.state.comparedDay).toBe(today - DAY_S);
    // Later the same day: the same pair, nothing new (the partial day's 9000 does not count).
    expect(fresh(r, a.state, dailyUsersBody(today, [1000, 1500, 9000]), noon + HOUR).fired).toBeNull();
    // Next day: 1500 → 1000 is −33 %.
    const b = fresh(r, a.state, dailyUsersBody(today + DAY_S, [1500, 1000, 5]), noon + 24 * HOUR);
    expect(b.fired).toMatchObject({ value: 1000, from: 1500, day: today });
    expect(b.fired!.percent).toBeCloseTo(-33.33, 2);
  });

  it('does not fire at or under the percentage, nor from zero', () => {
    const r = change(50);
    const a = fresh(r, {}, dailyUsersBody(today, [100, 100, 0]), T0 + HOUR, true);
    expect(fresh(r, a.state, dailyUsersBody(today + DAY_S, [100, 150, 0]), T0 + 25 * HOUR).fired).toBeNull();
    const zero = fresh(r, a.state, dailyUsersBody(today + DAY_S, [0, 500, 0]), T0 + 25 * HOUR);
    expect(zero.fired).toBeNull();
  });

  it('single figures compare the last value seen on each of the last two complete days', () => {
    const r = rule({ metric: 'whales', condition: { kind: 'change', percent: 10 } });
    const body = (whales: number) => ({ whales, normalWallets: 10, forgottenWallets: 1 });
    const steps = [
      { at: T0 + 10 * HOUR, w: 100 }, // day 1 (bearings)
      { at: T0 + 20 * HOUR, w: 104 }, // day 1, later: its last value
      { at: T0 + 30 * HOUR, w: 200 }, // day 2: day 1 complete, no day before it seen
      { at: T0 + 47 * HOUR, w: 120 }, // day 2's last value
      { at: T0 + 50 * HOUR, w: 121 }, // day 3: day 1 → day 2 = 104 → 120, +15.4 %
      { at: T0 + 51 * HOUR, w: 999 }, // same pair: nothing new
    ];
    let state: RuleState = {};
    const fired = steps.map(({ at, w }, i) => {
      const ev = fresh(r, state, body(w), at, i === 0);
      state = ev.state;
      return ev.fired;
    });
    expect(fired.map((f) => f && { from: f.from, value: f.value })).toEqual([null, null, null, null, { from: 104, value: 120 }, null]);
    expect(state.days!.length).toBeLessThanOrEqual(3);
  });
});

describe('complete days are judged when the numbers were fetched, not when they are checked (#17)', () => {
  const D = today;
  const at = (day: number, h: number, m = 0) => day * 1000 + h * HOUR + m * 60_000;
  /** An answer the cache stored at `storedAt`, read at a later check. */
  const cached = (body: unknown, storedAt: number) => ({ value: body, storedAt });

  it('a change rule does not compare a day that was partial when fetched; the fresh full day is compared', () => {
    const r = rule({ condition: { kind: 'change', percent: 20 } });
    const a = fresh(r, {}, dailyUsersBody(D, [980, 1000, 300]), at(D, 12), true);
    expect(a.state.comparedDay).toBe(D - DAY_S);
    // 00:03 UTC: the check reads the answer stored at 23:55, when day D had 500 so far.
    const b = evaluate(r, a.state, cached(dailyUsersBody(D, [980, 1000, 500]), at(D, 23, 55)), at(D + DAY_S, 0, 3), clock);
    expect(b.fired).toBeNull();
    expect(b.state).toMatchObject({ comparedDay: D - DAY_S, lastValue: 1000, valueDay: D - DAY_S });
    // An hour later, fetched afresh: day D is complete (1,300) and compared with the day before.
    const c = fresh(r, b.state, dailyUsersBody(D + DAY_S, [1000, 1300, 40]), at(D + DAY_S, 1, 3));
    expect(c.fired).toMatchObject({ value: 1300, from: 1000, day: D });
    expect(c.fired!.percent).toBeCloseTo(30, 6);
    expect(c.state.comparedDay).toBe(D);
  });

  it('a threshold rule does not flip on a partial value', () => {
    const below = rule({ id: 'below', condition: { kind: 'below', value: 800 } });
    const above = rule({ id: 'above', condition: { kind: 'above', value: 800 } });
    const checks = [
      { answer: { value: dailyUsersBody(D, [980, 1000, 300]), storedAt: at(D, 12) }, at: at(D, 12) },
      { answer: cached(dailyUsersBody(D, [980, 1000, 500]), at(D, 23, 55)), at: at(D + DAY_S, 0, 3) },
      { answer: { value: dailyUsersBody(D + DAY_S, [1000, 1010, 40]), storedAt: at(D + DAY_S, 1, 3) }, at: at(D + DAY_S, 1, 3) },
    ];
    for (const r of [below, above]) {
      let state: RuleState = {};
      const seen = checks.map(({ answer, at: when }, i) => {
        const ev = evaluate(r, state, answer, when, clock, i === 0);
        state = ev.state;
        return [ev.fired, state.lastValue];
      });
      expect(seen).toEqual([[null, 1000], [null, 1000], [null, 1010]]);
    }
  });

  it('a single figure is filed under the UTC day it was fetched on', () => {
    const r = rule({ metric: 'whales', condition: { kind: 'change', percent: 10 } });
    const body = (whales: number) => ({ whales, normalWallets: 10, forgottenWallets: 1 });
    const a = fresh(r, {}, body(100), at(D - DAY_S, 10), true);
    const b = fresh(r, a.state, body(150), at(D, 23, 55));
    // Read from the cache after midnight: still day D's figure, and day D is not over in it.
    const c = evaluate(r, b.state, cached(body(150), at(D, 23, 55)), at(D + DAY_S, 0, 3), clock);
    expect(c.fired).toBeNull();
    expect(c.state.days).toEqual([[D - DAY_S, 100], [D, 150]]);
    // Fetched after midnight: day D is over; D−1 → D is +50 %.
    const d = fresh(r, c.state, body(160), at(D + DAY_S, 0, 20));
    expect(d.fired).toMatchObject({ from: 100, value: 150, day: D });
    expect(d.state.days).toEqual([[D - DAY_S, 100], [D, 150], [D + DAY_S, 160]]);
  });
});

describe('once per rule per day', () => {
  it('a second crossing on the same local day is passed over; the next local day may fire again', () => {
    const r = rule({ metric: 'totalHolders', condition: { kind: 'above', value: 1000 } });
    // Local time is UTC+1: 23:30 UTC is already the next local day.
    const values = [[1, 900], [2, 1100], [3, 900], [4, 1100], [21, 900], [23.5, 1100]] as const;
    const out = run(r, values.map(([h, v]) => ({ at: T0 + h * HOUR, body: holdersBody(v) })));
    expect(out.map((o) => o.fired !== null)).toEqual([false, true, false, false, false, true]);
    expect(out[5]!.state.firedOn).toBe('2026-03-11');
  });
});

describe('no number', () => {
  it('keeps the last value and says why', () => {
    const r = rule({ metric: 'totalHolders' });
    const a = fresh(r, {}, holdersBody(900), T0, true);
    const b = fresh(r, a.state, {}, T0 + HOUR);
    expect(b.fired).toBeNull();
    expect(b.state).toMatchObject({ lastValue: 900, lastCheck: T0 + HOUR, error: expect.stringMatching(/No data/) });
  });
});
