import { describe, expect, it } from 'vitest';
import { percentileRank } from './rank.ts';

describe('percentileRank', () => {
  it('is the share of the population below, ties counting half', () => {
    expect(percentileRank(700, [500, 600, 700, 800])).toBe(63); // (2 + 0.5) / 4
    expect(percentileRank(900, [500, 600])).toBe(100);
    expect(percentileRank(100, [500, 600])).toBe(0);
    expect(percentileRank(500, [500, 500])).toBe(50);
  });

  it('is null without a population', () => {
    expect(percentileRank(700, [])).toBeNull();
  });
});
