import { describe, expect, it } from 'vitest';
import { activity } from './activity.ts';
import { creditLite } from './credit-lite.ts';
import { creditV1 } from './credit-v1.ts';
import { emptyProfile } from './features.ts';
import { findScoreModel, scoreModels, scoreModelSummaries } from './models.ts';
import { AS_OF, farmer, liquidated, newcomer, profile, sampleProfiles, seasonedBorrower } from './test-profiles.ts';

const empty = emptyProfile('0x00000000000000000000000000000000000000ee');

describe('the model list', () => {
  it('offers two credit models and one of another kind, with unique ids', () => {
    expect(scoreModels.filter((m) => m.kind === 'credit').map((m) => m.id)).toEqual(['credit-v1', 'credit-lite']);
    expect(scoreModels.filter((m) => m.kind !== 'credit').map((m) => m.id)).toEqual(['activity']);
    expect(new Set(scoreModels.map((m) => m.id)).size).toBe(scoreModels.length);
    expect(scoreModelSummaries.map((s) => [s.id, s.kind, s.min, s.max])).toEqual([
      ['credit-v1', 'credit', 300, 850], ['credit-lite', 'credit', 300, 850], ['activity', 'activity', 300, 850],
    ]);
  });

  it('finds models by scoreId only', () => {
    expect(findScoreModel('credit-lite')).toBe(creditLite);
    expect(findScoreModel('CREDIT-V1')).toBeUndefined();
    expect(findScoreModel('')).toBeUndefined();
  });
});

describe.each(scoreModels.map((m) => [m.id, m] as const))('%s', (_id, model) => {
  it('answers whole scores on 300–850 for every profile, and breakdown parts in range', () => {
    for (const p of [...sampleProfiles, empty]) {
      const { score, breakdown } = model.score(p, AS_OF);
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(300);
      expect(score).toBeLessThanOrEqual(850);
      for (const [name, part] of Object.entries(breakdown)) {
        if (name === 'liquidationPenalty') expect(part).toBeLessThanOrEqual(0);
        else expect([name, part >= 300 && part <= 850]).toEqual([name, true]);
      }
    }
  });

  it('is a pure function of the profile and the time', () => {
    expect(model.score(farmer, AS_OF)).toEqual(model.score({ ...farmer }, AS_OF));
  });

  it('scores an empty history in the Poor band', () => {
    expect(model.score(empty, AS_OF).score).toBeLessThan(580);
  });

  it('survives damaged numbers without leaving the scale', () => {
    const damaged = profile({ holdingsUsd: Number.NaN, activeDays: -4, transferCount: Infinity, firstSeen: AS_OF + 1e6 });
    const { score } = model.score(damaged, AS_OF);
    expect(score).toBeGreaterThanOrEqual(300);
    expect(score).toBeLessThanOrEqual(850);
  });
});

describe('credit-v1', () => {
  it('ranks a seasoned, repaying borrower far above a newcomer and a liquidated wallet', () => {
    const seasoned = creditV1.score(seasonedBorrower, AS_OF).score;
    expect(seasoned).toBeGreaterThanOrEqual(740);
    expect(seasoned).toBeGreaterThan(creditV1.score(newcomer, AS_OF).score + 150);
    expect(seasoned).toBeGreaterThan(creditV1.score(liquidated, AS_OF).score + 150);
  });

  it('answers the breakdown the real service names, plus age', () => {
    expect(Object.keys(creditV1.score(newcomer, AS_OF).breakdown).sort()).toEqual(
      ['age', 'assets', 'dappInteractions', 'liquidation', 'loan', 'transactions'],
    );
  });

  it('lowers the score with each liquidation and raises it with repayments', () => {
    const base = { ...seasonedBorrower, liquidationCount: 0 };
    const once = creditV1.score({ ...base, liquidationCount: 1 }, AS_OF).score;
    const twice = creditV1.score({ ...base, liquidationCount: 2 }, AS_OF).score;
    expect(creditV1.score(base, AS_OF).score).toBeGreaterThan(once);
    expect(once).toBeGreaterThan(twice);
    const halfRepaid = creditV1.score({ ...base, repayCount: 10 }, AS_OF).score;
    expect(creditV1.score(base, AS_OF).score).toBeGreaterThan(halfRepaid);
  });

  it('gives more for more assets, with diminishing returns', () => {
    const at = (usd: number) => creditV1.score({ ...newcomer, holdingsUsd: usd }, AS_OF).breakdown.assets ?? 0;
    expect(at(1_000)).toBeGreaterThan(at(10));
    expect(at(100_000)).toBeGreaterThan(at(1_000));
    expect(at(1_000) - at(10)).toBeGreaterThan(at(1_000_000) - at(990_000));
  });

  it('counts age up to the judging time', () => {
    const young = creditV1.score(seasonedBorrower, seasonedBorrower.firstSeen + 86_400).breakdown.age ?? 0;
    expect(creditV1.score(seasonedBorrower, AS_OF).breakdown.age).toBeGreaterThan(young);
  });
});

describe('credit-lite', () => {
  it('takes 55 points per liquidation, at most three times', () => {
    const clean = { ...seasonedBorrower, liquidationCount: 0 };
    const score = (n: number) => creditLite.score({ ...clean, liquidationCount: n }, AS_OF).score;
    expect(score(0) - score(1)).toBe(55);
    expect(score(0) - score(3)).toBe(165);
    expect(score(3)).toBe(score(9));
  });

  it('differs from credit-v1: debt history other than liquidations does not count', () => {
    const repaid = { ...newcomer, borrowCount: 10, repayCount: 10 };
    expect(creditLite.score(repaid, AS_OF).score).toBe(creditLite.score(newcomer, AS_OF).score);
    expect(creditV1.score(repaid, AS_OF).score).toBeGreaterThan(creditV1.score(newcomer, AS_OF).score);
  });
});

describe('activity', () => {
  it('rewards DApp engagement and claims, not wealth', () => {
    expect(activity.score(farmer, AS_OF).score).toBeGreaterThan(activity.score(seasonedBorrower, AS_OF).score);
    expect(creditV1.score(farmer, AS_OF).score).toBeLessThan(creditV1.score(seasonedBorrower, AS_OF).score);
    const richer = { ...farmer, holdingsUsd: 5_000_000 };
    expect(activity.score(richer, AS_OF)).toEqual(activity.score(farmer, AS_OF));
  });

  it('fades with a year of silence', () => {
    const silent = activity.score(farmer, farmer.lastSeen + 400 * 86_400).breakdown.recency;
    expect(silent).toBe(300);
    expect(activity.score(farmer, AS_OF).breakdown.recency).toBe(850);
  });
});
