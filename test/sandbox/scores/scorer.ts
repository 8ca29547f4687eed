import type { WalletDirectory } from '../dataset/profile.ts';
import { emptyProfile } from './features.ts';
import type { ScoreModel } from './model.ts';
import { scoreProfile, type WalletScore } from './result.ts';

export interface Scorer {
  /** Scores any address: a wallet the dataset has never seen scores as an empty history. */
  score(model: ScoreModel, address: `0x${string}`): WalletScore;
}

/** How long a model's scores over the whole dataset (for ranks) are reused. */
const POPULATION_TTL_SECONDS = 60;

/**
 * Scores wallets of a directory at the clock's time. Ranking needs every
 * wallet's score; that population is computed once a minute per model.
 */
export function createScorer(wallets: WalletDirectory, now: () => number): Scorer {
  const populations = new Map<string, { at: number; scores: number[] }>();

  const population = (model: ScoreModel, asOf: number): number[] => {
    const cached = populations.get(model.id);
    if (cached && asOf - cached.at < POPULATION_TTL_SECONDS) return cached.scores;
    const scores: number[] = [];
    for (const address of wallets.walletAddresses()) {
      const profile = wallets.walletProfile(address);
      if (profile) scores.push(model.score(profile, asOf).score);
    }
    populations.set(model.id, { at: asOf, scores });
    return scores;
  };

  return {
    score(model, address) {
      const asOf = now();
      const profile = wallets.walletProfile(address) ?? emptyProfile(address);
      return scoreProfile(model, profile, asOf, population(model, asOf));
    },
  };
}
