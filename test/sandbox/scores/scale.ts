/**
 * The credit scale every sandbox model answers on. The scale and its bands are
 * the extension's own (lib/score/band.ts, from docs/service.md): one table
 * serves the service stand-in and the client that reads it.
 */
import { bandOf as extensionBandOf, BANDS, SCALE_MAX, SCALE_MIN, type Band, type BandName } from '@/lib/score/band.ts';

export { BANDS, type Band, type BandName };
export const SCORE_MIN = SCALE_MIN;
export const SCORE_MAX = SCALE_MAX;

/** The band name of a score, or undefined outside 300–850. */
export function bandOf(score: number): BandName | undefined {
  return extensionBandOf(score)?.name;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** Maps a quality in [0, 1] (clamped) to a whole score on the scale. */
export function toScale(quality: number): number {
  return Math.round(SCORE_MIN + (SCORE_MAX - SCORE_MIN) * clamp01(quality));
}
