import type { WalletProfile } from '../dataset/profile.ts';
import type { ScoreModel } from './model.ts';
import { percentileRank } from './rank.ts';
import { bandOf, type BandName } from './scale.ts';

/** One wallet judged by one model, before it is shaped for the wire. */
export interface WalletScore {
  readonly scoreId: string;
  readonly kind: ScoreModel['kind'];
  readonly address: `0x${string}`;
  readonly score: number;
  readonly band: BandName | undefined;
  /** Percentile within the dataset's wallets (see rank.ts). */
  readonly rank: number | null;
  readonly breakdown: Readonly<Record<string, number>>;
}

export function scoreProfile(
  model: ScoreModel,
  profile: WalletProfile,
  asOf: number,
  population: readonly number[],
): WalletScore {
  const { score, breakdown } = model.score(profile, asOf);
  return {
    scoreId: model.id, kind: model.kind, address: profile.address,
    score, band: bandOf(score), rank: percentileRank(score, population), breakdown,
  };
}

/**
 * The calculateCustomScore body: credit models answer like the real service's
 * credit score ({ score, rank, entityId, scoreBreakdown, … }); other kinds
 * answer { address, chainId, score, type, … }. Profiles span every chain.
 */
export function scoreResponseBody(s: WalletScore): Record<string, unknown> {
  const common = { score: s.score, band: s.band ?? null, rank: s.rank, scoreId: s.scoreId, scoreBreakdown: s.breakdown };
  if (s.kind === 'credit') return { ...common, entityId: s.address };
  return { address: s.address, chainId: 'all', type: s.kind, ...common };
}
