/**
 * The score models the sandbox offers, by scoreId. The extension's options
 * list them from here (`scoreModelSummaries`).
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

export const DEFAULT_SCORE_ID = creditV1.id;

export function findScoreModel(id: string): ScoreModel | undefined {
  return scoreModels.find((m) => m.id === id);
}
