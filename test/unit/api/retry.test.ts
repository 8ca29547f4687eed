import { describe, expect, it } from 'vitest';
import {
  boundServerWait,
  parseRetryAfter,
  retryDelay,
  retryWaitMs,
  SERVER_WAIT_MAX_MS,
  SERVER_WAIT_MIN_MS,
} from '@/lib/api/retry.ts';

const NOW = 1_700_000_000_000;
const HOUR = 3_600_000;

describe('server-named waits are floored and capped', () => {
  it('bounds a wait to 1 s … 5 min (a NaN counts as "now")', () => {
    expect([SERVER_WAIT_MIN_MS, SERVER_WAIT_MAX_MS]).toEqual([1_000, 300_000]);
    expect(boundServerWait(0)).toBe(1_000);
    expect(boundServerWait(-5_000)).toBe(1_000);
    expect(boundServerWait(2_500)).toBe(2_500);
    expect(boundServerWait(HOUR)).toBe(300_000);
    expect(boundServerWait(Number.POSITIVE_INFINITY)).toBe(300_000);
    expect(boundServerWait(Number.NaN)).toBe(1_000);
  });

  it('parseRetryAfter: "0", a past date, a day and a far date', () => {
    expect(parseRetryAfter('0', NOW)).toBe(1_000);
    expect(parseRetryAfter('0.2', NOW)).toBe(1_000);
    expect(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW)).toBe(1_000);
    expect(parseRetryAfter('86400', NOW)).toBe(300_000);
    expect(parseRetryAfter('99999999999999999999', NOW)).toBe(300_000);
    expect(parseRetryAfter(new Date(NOW + 24 * HOUR).toUTCString(), NOW)).toBe(300_000);
    expect(parseRetryAfter('30', NOW)).toBe(30_000);
  });

  it('retryWaitMs: a retry time already past, now, or hours away', () => {
    expect(retryWaitMs(undefined, NOW)).toBeUndefined();
    expect(retryWaitMs(NOW - 10_000, NOW)).toBe(1_000);
    expect(retryWaitMs(NOW, NOW)).toBe(1_000);
    expect(retryWaitMs(NOW + 20_000, NOW)).toBe(20_000);
    expect(retryWaitMs(NOW + 3 * HOUR, NOW)).toBe(300_000);
  });

  it('retryDelay: a Retry-After of 0 or of hours', () => {
    const policy = { retries: 3, baseDelayMs: 100, maxDelayMs: 300 };
    expect(retryDelay(1, policy, 0)).toBe(1_000);
    expect(retryDelay(1, policy, 3 * HOUR)).toBe(300_000);
    // Backoff of our own choosing is not a server's wait: the policy alone bounds it.
    expect(retryDelay(1, policy, undefined, () => 0)).toBe(50);
  });
});
