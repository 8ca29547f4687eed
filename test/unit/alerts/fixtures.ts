import type { AlertRule } from '@/lib/alerts/rule.ts';
import type { AlertClock } from '@/lib/alerts/schedule.ts';
import type { StatsFilters } from '@/lib/stats/query.ts';

export const DAY_S = 86_400;
export const HOUR = 3_600_000;
/** 2026-03-10 00:00 UTC, a day start. */
export const T0 = Date.UTC(2026, 2, 10);
export const dayOf = (ms: number) => Math.floor(ms / 1000 / DAY_S) * DAY_S;

export const filters: StatsFilters = { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } };

/** A fake clock: time moves only when the test says; local time is UTC+1 (Central Europe in winter). */
export function fakeClock(start: number, offsetMinutes = 60): AlertClock & { set(ms: number): void; advance(ms: number): void } {
  let t = start;
  return { now: () => t, offsetMinutes: () => offsetMinutes, set: (ms) => void (t = ms), advance: (ms) => void (t += ms) };
}

export function rule(over: Partial<AlertRule> = {}): AlertRule {
  return { id: 'r1', metric: 'dailyUsers', filters, condition: { kind: 'above', value: 2000 }, paused: false, createdAt: 0, ...over };
}

/** The service's daily-users answer: one entry per day, from the oldest; the last entry is `lastDay`'s. */
export function dailyUsersBody(lastDay: number, users: readonly number[]): unknown {
  return {
    dailyUsers: users.map((u, i) => ({ timestamp: lastDay - (users.length - 1 - i) * DAY_S, numberOfUsers: u, numberOfTransactions: u * 3 })),
  };
}

export function holdersBody(total: number): unknown {
  return { now: { active: 10, new: 5, total }, logs: {} };
}
