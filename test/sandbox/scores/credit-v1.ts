import { ageDays, recency, saturate, share, tokensHeld } from './features.ts';
import { weighted, type ScoreModel } from './model.ts';
import { toScale } from './scale.ts';

const WEIGHTS = {
  assets: 0.25,
  transactions: 0.2,
  dappInteractions: 0.2,
  loan: 0.15,
  liquidation: 0.1,
  age: 0.1,
} as const;

/**
 * The full credit model: six components on the 300–850 scale, weighted.
 * A wallet that never borrowed gets a neutral loan and liquidation component:
 * no debt history is neither good nor bad evidence.
 */
export const creditV1: ScoreModel = {
  id: 'credit-v1',
  name: 'Vantage Credit v1',
  kind: 'credit',
  description: 'Assets, transaction history, DApp use, loan repayment, liquidations and wallet age.',
  score(p, asOf) {
    const repaid = p.borrowCount > 0 ? share(p.repayCount, p.borrowCount) : 0;
    const breakdown = {
      assets: toScale(0.8 * saturate(p.holdingsUsd, 1_000_000) + 0.2 * share(tokensHeld(p), 5)),
      transactions: toScale(0.5 * saturate(p.transferCount, 500) + 0.5 * saturate(p.activeDays, 365)),
      dappInteractions: toScale(0.6 * saturate(p.dappTxCount, 1000) + 0.4 * share(p.distinctDapps, 6)),
      loan: toScale(p.borrowCount > 0 ? 0.2 + 0.8 * repaid * (0.6 + 0.4 * saturate(p.borrowCount, 25)) : 0.4),
      liquidation: toScale(
        p.liquidationCount > 0 ? 1 / (1 + 2 * p.liquidationCount) : p.borrowCount > 0 ? 1 : 0.5,
      ),
      age: toScale(0.7 * saturate(ageDays(p, asOf), 1095) + 0.3 * recency(p, asOf)),
    };
    return { score: weighted(breakdown, WEIGHTS), breakdown };
  },
};
