import { describe, expect, it } from 'vitest';
import { formatAge } from '@/lib/format/age.ts';
import { formatBadge, formatCompact, formatDay, formatNumber, formatPercent } from '@/lib/format/number.ts';

describe('numbers for people', () => {
  it('writes thousands separators and keeps small fractions', () => {
    expect(formatNumber(48213, 'en-US')).toBe('48,213');
    expect(formatNumber(1520.75, 'en-US')).toBe('1,521');
    expect(formatNumber(12.345, 'en-US')).toBe('12.35');
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
  it('compacts only large numbers', () => {
    expect(formatCompact(48213, 'en-US')).toBe('48.2K');
    expect(formatCompact(1250000.5, 'en-US')).toBe('1.3M');
    expect(formatCompact(9999, 'en-US')).toBe('9,999');
    expect(formatCompact(undefined)).toBe('—');
  });
  it('writes shares as percentages', () => {
    expect(formatPercent(0.3125, 'en-US')).toBe('31.3%');
    expect(formatPercent(0.4, 'en-US')).toBe('40%');
    expect(formatPercent(null)).toBe('—');
  });
  it('names series days in UTC', () => {
    expect(formatDay(1700006400, 'en-US')).toBe('Nov 15');
  });
  it('fits badge text in four characters', () => {
    expect(formatBadge(1830)).toBe('1830');
    expect(formatBadge(48213)).toBe('48K');
    expect(formatBadge(1250000)).toBe('1.2M');
    expect(formatBadge(999_999)).toBe('999K');
    expect(formatBadge(2_500_000_000)).toBe('2.5B');
    expect(formatBadge(null)).toBe('');
  });
});

describe('formatAge', () => {
  it('says how long ago, coarsely', () => {
    expect(formatAge(10_000)).toBe('just now');
    expect(formatAge(3 * 60_000)).toBe('3 min ago');
    expect(formatAge(59 * 60_000)).toBe('59 min ago');
    expect(formatAge(2 * 3600_000 + 5 * 60_000)).toBe('2 h ago');
    expect(formatAge(3 * 86_400_000)).toBe('3 days ago');
    expect(formatAge(-5000)).toBe('just now');
  });
});
