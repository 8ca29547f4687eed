import { describe, expect, it } from 'vitest';
import { afterRejection, COOLDOWN_FIRST_MS, COOLDOWN_MAX_MS, isCoolingDown } from '@/lib/proof/cooldown.ts';

describe('consent cooldown', () => {
  it('grows with each rejection in a row, up to its cap', () => {
    let c = afterRejection(undefined, 0);
    const waits = [c.until - c.lastAt];
    for (let i = 1; i < 8; i++) {
      c = afterRejection(c, c.until);
      waits.push(c.until - c.lastAt);
    }
    expect(waits).toEqual([10_000, 30_000, 90_000, 270_000, 810_000, COOLDOWN_MAX_MS, COOLDOWN_MAX_MS, COOLDOWN_MAX_MS]);
  });

  it('is forgotten after an hour without a rejection', () => {
    const c = afterRejection(afterRejection(undefined, 0), 1000);
    expect(c.rejections).toBe(2);
    expect(afterRejection(c, 1000 + 60 * 60_000)).toMatchObject({ rejections: 1, until: 1000 + 60 * 60_000 + COOLDOWN_FIRST_MS });
  });

  it('holds until its end, not after', () => {
    const c = afterRejection(undefined, 5000);
    expect(isCoolingDown(undefined, 5000)).toBe(false);
    expect(isCoolingDown(c, 5000 + COOLDOWN_FIRST_MS - 1)).toBe(true);
    expect(isCoolingDown(c, 5000 + COOLDOWN_FIRST_MS)).toBe(false);
  });
});
