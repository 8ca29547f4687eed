import { describe, expect, it } from 'vitest';
import { creditV1 } from './credit-v1.ts';
import { activity } from './activity.ts';
import { emptyProfile } from './features.ts';
import { scoreResponseBody } from './result.ts';
import { bandOf } from './scale.ts';
import { createScorer } from './scorer.ts';
import { AS_OF, directoryOf, farmer, newcomer, sampleProfiles, seasonedBorrower } from './test-profiles.ts';

const directory = directoryOf(sampleProfiles);
const UNKNOWN = '0x9999999999999999999999999999999999999999';

describe('createScorer', () => {
  it('scores a known wallet from its profile and ranks it within the directory', () => {
    const result = createScorer(directory, () => AS_OF).score(creditV1, seasonedBorrower.address);
    expect(result.score).toBe(creditV1.score(seasonedBorrower, AS_OF).score);
    expect(result.rank).toBe(88); // the best of four: (3 + 0.5) / 4
    expect(result.band).toBe(bandOf(result.score));
  });

  it('scores an unknown wallet as an empty history, inventing nothing', () => {
    const result = createScorer(directory, () => AS_OF).score(creditV1, UNKNOWN);
    expect(result.score).toBe(creditV1.score(emptyProfile(UNKNOWN), AS_OF).score);
    expect(result.address).toBe(UNKNOWN);
    expect(result.rank).toBe(0);
  });

  it('looks addresses up case-insensitively', () => {
    const mixed = newcomer.address.replace('0x', '0X').toUpperCase().replace('0X', '0x') as `0x${string}`;
    expect(createScorer(directory, () => AS_OF).score(creditV1, mixed).score)
      .toBe(creditV1.score(newcomer, AS_OF).score);
  });

  it('judges at the clock time', () => {
    let now = AS_OF;
    const scorer = createScorer(directory, () => now);
    const before = scorer.score(activity, farmer.address).breakdown.recency;
    now = AS_OF + 500 * 86_400;
    expect(scorer.score(activity, farmer.address).breakdown.recency).toBeLessThan(before ?? 0);
  });
});

describe('scoreResponseBody', () => {
  const scorer = createScorer(directory, () => AS_OF);

  it('answers credit models like the real credit score', () => {
    const body = scoreResponseBody(scorer.score(creditV1, seasonedBorrower.address));
    expect(body).toMatchObject({
      score: expect.any(Number), band: 'Exceptional', rank: 88,
      entityId: seasonedBorrower.address, scoreId: 'credit-v1',
      scoreBreakdown: { assets: expect.any(Number), loan: expect.any(Number), liquidation: expect.any(Number) },
    });
  });

  it('answers other kinds with address, chainId and type', () => {
    const body = scoreResponseBody(scorer.score(activity, farmer.address));
    expect(body).toMatchObject({ address: farmer.address, chainId: 'all', type: 'activity', scoreId: 'activity' });
    expect(body.score).toBe(activity.score(farmer, AS_OF).score);
  });
});
