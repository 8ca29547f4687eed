import type { WalletProfile } from '../dataset/profile.ts';

/** Credit models judge creditworthiness; activity models judge engagement. Both answer on 300–850. */
export type ScoreKind = 'credit' | 'activity';

export interface ModelScore {
  /** Whole number on the 300–850 scale. */
  readonly score: number;
  /** The parts the score is built from, each on the same scale unless the model says otherwise. */
  readonly breakdown: Readonly<Record<string, number>>;
}

/** A score model: a pure function of a wallet's profile and the time it is judged at. */
export interface ScoreModel {
  /** The scoreId callers pass. */
  readonly id: string;
  readonly name: string;
  readonly kind: ScoreKind;
  readonly description: string;
  /** `asOf` is Unix seconds: age and recency are measured up to it. */
  score(profile: WalletProfile, asOf: number): ModelScore;
}

/** Combines component scores by weight (weights sum to 1), rounded to a whole score. */
export function weighted(parts: Readonly<Record<string, number>>, weights: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const [name, weight] of Object.entries(weights)) total += (parts[name] ?? 0) * weight;
  return Math.round(total);
}
