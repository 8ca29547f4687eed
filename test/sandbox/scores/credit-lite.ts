import { ageDays, saturate } from './features.ts';
import type { ScoreModel } from './model.ts';
import { SCORE_MIN, toScale } from './scale.ts';

/** Points taken off per liquidation, at most three times. */
const LIQUIDATION_PENALTY = 55;

/**
 * A lighter credit model for thin histories: holdings, active days and age,
 * with a flat penalty per liquidation. Saturates sooner than credit-v1.
 */
export const creditLite: ScoreModel = {
  id: 'credit-lite',
  name: 'Vantage Credit Lite',
  kind: 'credit',
  description: 'Holdings, active days and wallet age, minus a penalty per liquidation.',
  score(p, asOf) {
    const holdings = saturate(p.holdingsUsd, 100_000);
    const activity = saturate(p.activeDays, 180);
    const age = saturate(ageDays(p, asOf), 730);
    const penalty = LIQUIDATION_PENALTY * Math.min(3, Math.max(0, p.liquidationCount));
    const base = toScale(0.45 * holdings + 0.35 * activity + 0.2 * age);
    return {
      score: Math.max(SCORE_MIN, base - penalty),
      breakdown: {
        holdings: toScale(holdings),
        activity: toScale(activity),
        age: toScale(age),
        liquidationPenalty: -penalty,
      },
    };
  },
};
