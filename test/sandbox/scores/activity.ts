import { recency, saturate, share } from './features.ts';
import { weighted, type ScoreModel } from './model.ts';
import { toScale } from './scale.ts';

const WEIGHTS = {
  dappTransactions: 0.3,
  dappVariety: 0.2,
  contractVariety: 0.1,
  activeDays: 0.15,
  claims: 0.15,
  recency: 0.1,
} as const;

/**
 * An engagement model, not a credit judgement: how much and how widely the
 * wallet uses DApps, how often it claims rewards, and how recently it was active.
 * Holdings and debt do not count.
 */
export const activity: ScoreModel = {
  id: 'activity',
  name: 'On-chain Activity',
  kind: 'activity',
  description: 'DApp transactions and variety, active days, reward claims and recency.',
  score(p, asOf) {
    const breakdown = {
      dappTransactions: toScale(saturate(p.dappTxCount, 1000)),
      dappVariety: toScale(share(p.distinctDapps, 8)),
      contractVariety: toScale(share(p.distinctContracts, 20)),
      activeDays: toScale(saturate(p.activeDays, 365)),
      claims: toScale(saturate(p.claimCount, 50)),
      recency: toScale(recency(p, asOf)),
    };
    return { score: weighted(breakdown, WEIGHTS), breakdown };
  },
};
