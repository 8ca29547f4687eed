import { describe, expect, it } from 'vitest';
import { BANDS, bandOf, SCORE_MAX, SCORE_MIN, toScale } from './scale.ts';

describe('credit scale', () => {
  it('has five contiguous bands covering 300–850', () => {
    expect(BANDS.map((b) => b.name)).toEqual(['Poor', 'Fair', 'Good', 'Very Good', 'Exceptional']);
    expect(BANDS[0]?.min).toBe(SCORE_MIN);
    expect(BANDS.at(-1)?.max).toBe(SCORE_MAX);
    for (let i = 1; i < BANDS.length; i++) expect(BANDS[i]?.min).toBe((BANDS[i - 1]?.max ?? 0) + 1);
  });

  it('bands scores at the documented edges', () => {
    expect(bandOf(300)).toBe('Poor');
    expect(bandOf(579)).toBe('Poor');
    expect(bandOf(580)).toBe('Fair');
    expect(bandOf(669)).toBe('Fair');
    expect(bandOf(670)).toBe('Good');
    expect(bandOf(740)).toBe('Very Good');
    expect(bandOf(799)).toBe('Very Good');
    expect(bandOf(800)).toBe('Exceptional');
    expect(bandOf(850)).toBe('Exceptional');
  });

  it('gives no band outside the scale', () => {
    expect(bandOf(299)).toBeUndefined();
    expect(bandOf(851)).toBeUndefined();
    expect(bandOf(0)).toBeUndefined();
  });

  it('maps qualities to whole scores, clamping out-of-range and non-finite input', () => {
    expect(toScale(0)).toBe(300);
    expect(toScale(1)).toBe(850);
    expect(toScale(0.5)).toBe(575);
    expect(toScale(-3)).toBe(300);
    expect(toScale(7)).toBe(850);
    expect(toScale(Number.NaN)).toBe(300);
  });
});
