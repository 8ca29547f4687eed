/**
 * The credit-score scale and its bands (docs/service.md, "Credit-score
 * scale"). A score outside 300–850 has no band.
 */

export const SCALE_MIN = 300;
export const SCALE_MAX = 850;

export type BandName = 'Poor' | 'Fair' | 'Good' | 'Very Good' | 'Exceptional';

export interface Band {
  readonly name: BandName;
  /** Inclusive bounds. */
  readonly min: number;
  readonly max: number;
  /** Stable id for styling (`band-very-good`). */
  readonly id: string;
}

export const BANDS: readonly Band[] = [
  { name: 'Poor', min: 300, max: 579, id: 'poor' },
  { name: 'Fair', min: 580, max: 669, id: 'fair' },
  { name: 'Good', min: 670, max: 739, id: 'good' },
  { name: 'Very Good', min: 740, max: 799, id: 'very-good' },
  { name: 'Exceptional', min: 800, max: 850, id: 'exceptional' },
];

/**
 * The band of a score. Bands are whole-number ranges; a fractional score
 * belongs to the band its floor is in (579.6 is still Poor: it has not reached 580).
 */
export function bandOf(score: number): Band | null {
  if (!Number.isFinite(score) || score < SCALE_MIN || score > SCALE_MAX) return null;
  const whole = Math.floor(score);
  return BANDS.find((b) => whole >= b.min && whole <= b.max) ?? null;
}

/** Where a value sits on the 300–850 scale, clamped to [0, 1] (for the scale marker). */
export function scalePosition(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(1, Math.max(0, (score - SCALE_MIN) / (SCALE_MAX - SCALE_MIN)));
}
