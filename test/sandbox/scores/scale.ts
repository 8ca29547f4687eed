/** The credit scale every sandbox model answers on (api-responses.md, "Credit-score scale"). */
export const SCORE_MIN = 300;
export const SCORE_MAX = 850;

export type BandName = 'Poor' | 'Fair' | 'Good' | 'Very Good' | 'Exceptional';

export interface Band {
  readonly name: BandName;
  readonly min: number;
  readonly max: number;
}

export const BANDS: readonly Band[] = [
  { name: 'Poor', min: 300, max: 579 },
  { name: 'Fair', min: 580, max: 669 },
  { name: 'Good', min: 670, max: 739 },
  { name: 'Very Good', min: 740, max: 799 },
  { name: 'Exceptional', min: 800, max: 850 },
];

/** The band of a score, or undefined outside 300–850. */
export function bandOf(score: number): BandName | undefined {
  return BANDS.find((b) => score >= b.min && score <= b.max)?.name;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** Maps a quality in [0, 1] (clamped) to a whole score on the scale. */
export function toScale(quality: number): number {
  return Math.round(SCORE_MIN + (SCORE_MAX - SCORE_MIN) * clamp01(quality));
}
