import { describe, expect, it } from 'vitest';
import { BANDS, bandOf, scalePosition } from '@/lib/score/band.ts';

const name = (s: number) => bandOf(s)?.name ?? null;

describe('bandOf', () => {
  it.each([
    [300, 'Poor'], [579, 'Poor'], [580, 'Fair'],
    [669, 'Fair'], [670, 'Good'],
    [739, 'Good'], [740, 'Very Good'],
    [799, 'Very Good'], [800, 'Exceptional'], [850, 'Exceptional'],
  ])('%d is %s', (score, band) => {
    expect(name(score)).toBe(band);
  });

  it('has no band outside 300–850', () => {
    for (const s of [0, 1, 299, 299.9, 850.1, 851, 1000, -5, NaN, Infinity]) expect(name(s)).toBeNull();
  });

  it('puts a fractional score in the band it has reached', () => {
    expect(name(579.6)).toBe('Poor');
    expect(name(580.2)).toBe('Fair');
  });

  it('covers 300–850 without gaps or overlaps', () => {
    for (let i = 1; i < BANDS.length; i++) expect(BANDS[i]!.min).toBe(BANDS[i - 1]!.max + 1);
    expect(BANDS[0]!.min).toBe(300);
    expect(BANDS.at(-1)!.max).toBe(850);
  });
});

it('scalePosition maps 300–850 to 0–1, clamped', () => {
  expect(scalePosition(300)).toBe(0);
  expect(scalePosition(850)).toBe(1);
  expect(scalePosition(575)).toBeCloseTo(0.5);
  expect(scalePosition(100)).toBe(0);
  expect(scalePosition(900)).toBe(1);
  expect(scalePosition(NaN)).toBe(0);
});
