import { describe, expect, it } from 'vitest';
import {
  creditAt, intervalAfterQuiet, nextAfterAnswer, onSign, POLL_PACE, pollAt, spend, startPace, type PollPace,
} from '@/lib/proof/poll-schedule.ts';

const T0 = 1_700_000_000_000;
const MIN = 60_000;

/**
 * Drives the schedule as the flow machine does: a poll goes out at `pollAt`, the service answers
 * PROCESSING `answerMs` later; `signs` are the times the browser reports a sign of life. Returns
 * when each poll went out.
 */
function simulate(untilMs: number, signs: readonly number[] = [], answerMs = 20): number[] {
  let pace: PollPace = startPace(T0);
  let dueAt = T0 + POLL_PACE.minIntervalMs;
  let outUntil: number | undefined;
  const polls: number[] = [];
  const pending = [...signs].sort((a, b) => a - b);
  for (;;) {
    const next = outUntil ?? pollAt(pace, dueAt);
    // Signs that arrive before the next thing the schedule does are handled first, in order.
    if (pending.length > 0 && pending[0]! <= next) {
      const at = pending.shift()!;
      ({ pace, dueAt } = onSign(pace, dueAt, at, { out: outUntil !== undefined && at < outUntil, backingOff: false }));
      continue;
    }
    if (next > T0 + untilMs) return polls;
    if (outUntil !== undefined) {
      ({ pace, dueAt } = nextAfterAnswer(pace, outUntil));
      outUntil = undefined;
    } else {
      polls.push(next);
      pace = spend(pace, next);
      outUntil = next + answerMs;
    }
  }
}

const inMinute = (polls: readonly number[], minute: number) => polls.filter((t) => t >= T0 + minute * MIN && t < T0 + (minute + 1) * MIN).length;

/** The most polls in any window of `windowMs` (each window starting at a poll). */
function busiestWindow(polls: readonly number[], windowMs: number): number {
  return Math.max(0, ...polls.map((t, i) => polls.slice(i).filter((u) => u < t + windowMs).length));
}

describe('getProofData schedule (pure)', () => {
  it('the backoff curve: one poll a second for 30 s of quiet, then doubling every 15 s, capped at 15 s', () => {
    expect(intervalAfterQuiet(0)).toBe(1000);
    expect(intervalAfterQuiet(30_000)).toBe(1000);
    expect(intervalAfterQuiet(45_000)).toBe(2000);
    expect(intervalAfterQuiet(60_000)).toBe(4000);
    expect(intervalAfterQuiet(75_000)).toBe(8000);
    expect(intervalAfterQuiet(90_000)).toBe(15_000);
    expect(intervalAfterQuiet(10 * MIN)).toBe(15_000);
    // Never shorter than the full-speed interval, never longer than the cap, and never shrinking with quiet.
    let last = 0;
    for (let q = 0; q <= 20 * MIN; q += 250) {
      const i = intervalAfterQuiet(q);
      expect(i).toBeGreaterThanOrEqual(POLL_PACE.minIntervalMs);
      expect(i).toBeLessThanOrEqual(POLL_PACE.maxIntervalMs);
      expect(i).toBeGreaterThanOrEqual(last);
      last = i;
    }
  });

  it('a flow left alone: ~60 requests in its first minute, then 4 a minute (not 60)', () => {
    const polls = simulate(10 * MIN);
    expect(inMinute(polls, 0)).toBeGreaterThan(40);
    expect(inMinute(polls, 0)).toBeLessThanOrEqual(60);
    for (let m = 2; m < 10; m++) expect(inMinute(polls, m), `minute ${m + 1}`).toBeLessThanOrEqual(4);
    // In all, the default 10-minute timeout costs the service under a sixth of a poll a second.
    expect(polls.length).toBeLessThan(100);
  });

  it('a sign of life polls at once, with the bucket full or not, and brings back full speed', () => {
    // Left alone for 3 minutes: the next scheduled poll is up to 15 s away.
    const alone = simulate(3 * MIN);
    const last = alone.at(-1)!;
    const sign = last + 5000;
    const polls = simulate(3 * MIN + 10_000, [sign]);
    const after = polls.filter((t) => t >= sign);
    expect(after[0]).toBe(sign);
    // Then one a second again: someone is at the proof page.
    expect(after.slice(1).map((t, i) => t - after[i]! - 20)).toEqual(after.slice(1).map(() => 1000));
  });

  it('a sign while a poll is out: the next poll follows its answer at once', () => {
    const pace = spend(startPace(T0), T0 + 1000);
    const signed = onSign(pace, T0 + 1000, T0 + 1010, { out: true, backingOff: false });
    expect(signed.pace.wanted).toBe(true);
    // The due time is left alone while the poll is out…
    expect(signed.dueAt).toBe(T0 + 1000);
    // …and its answer makes the next one due at once, within the bucket (one credit left).
    const answered = nextAfterAnswer(signed.pace, T0 + 1040);
    expect(answered.dueAt).toBe(T0 + 1040);
    expect(pollAt(answered.pace, answered.dueAt)).toBe(T0 + 1040);
    // Only once: the answer after that is scheduled again.
    const again = nextAfterAnswer(spend(answered.pace, T0 + 1040), T0 + 1060);
    expect(again.dueAt).toBe(T0 + 2060);
  });

  it('a failed call’s backoff stands: a sign only counts as life', () => {
    const pace = startPace(T0);
    const signed = onSign(pace, T0 + 20_000, T0 + 5000, { out: false, backingOff: true });
    expect(signed.dueAt).toBe(T0 + 20_000);
    expect(signed.pace.activeAt).toBe(T0 + 5000);
  });

  it('rate limit: a page reloading every 100 ms cannot push past one poll a second on average', () => {
    const signs = Array.from({ length: 600 }, (_, i) => T0 + 2000 + i * 100);
    const polls = simulate(62_000, signs);
    // 60 s of reloads: at most one poll per second of it plus the bucket's burst.
    expect(polls.filter((t) => t >= T0 + 2000).length).toBeLessThanOrEqual(60 + POLL_PACE.burst);
    for (const w of [1000, 5000, 10_000, 60_000]) expect(busiestWindow(polls, w), `${w} ms`).toBeLessThanOrEqual(w / 1000 + POLL_PACE.burst);
  });

  it('the bucket refills one credit a second up to its burst; a poll waits for a whole credit', () => {
    let pace = startPace(T0);
    expect(creditAt(pace, T0)).toBe(2);
    pace = spend(spend(pace, T0), T0);
    expect(creditAt(pace, T0)).toBe(0);
    expect(pollAt(pace, T0)).toBe(T0 + 1000);
    expect(creditAt(pace, T0 + 500)).toBe(0.5);
    expect(creditAt(pace, T0 + 60_000)).toBe(2);
  });

  it('survives a worker restart mid-backoff: the stored state (JSON) gives the same next poll', () => {
    let pace = startPace(T0);
    let dueAt = T0 + 1000;
    for (let t = T0 + 1000; t < T0 + 2 * MIN; ) {
      pace = spend(pace, t);
      ({ pace, dueAt } = nextAfterAnswer(pace, t + 20));
      t = pollAt(pace, dueAt);
    }
    const stored = JSON.parse(JSON.stringify({ pace, dueAt })) as { pace: PollPace; dueAt: number };
    expect(pollAt(stored.pace, stored.dueAt)).toBe(pollAt(pace, dueAt));
    expect(pollAt(stored.pace, stored.dueAt) - (dueAt - 15_000)).toBe(15_000);
  });
});
