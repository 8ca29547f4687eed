/**
 * The score models the sandbox offers, by scoreId. The extension never
 * imports sandbox code: its Options keep their own list of these ids in
 * lib/settings/score-models.ts, to be kept in step by hand.
 */
import { activity } from './activity.ts';
import { creditLite } from './credit-lite.ts';
import { creditV1 } from './credit-v1.ts';
import type { ScoreKind, ScoreModel } from './model.ts';
import { SCORE_MAX, SCORE_MIN } from './scale.ts';

export const scoreModels: readonly ScoreModel[] = [creditV1, creditLite, activity];

export interface ScoreModelSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: ScoreKind;
  readonly description: string;
  readonly min: number;
  readonly max: number;
}

export const scoreModelSummaries: readonly ScoreModelSummary[] = scoreModels.map(
  ({ id, name, kind, description }) => ({ id, name, kind, description, min: SCORE_MIN, max: SCORE_MAX }),
);

export function findScoreModel(id: string): ScoreModel | undefined {
  return scoreModels.find((m) => m.id === id);
}
