import { describe, expect, it, vi } from 'vitest';
import { formatAge } from '@/lib/format/age.ts';
import { formatBadge, formatCompact, formatDay, formatDayTicks, formatInputNumber, formatNumber, formatPercent, formatPrecise, parseLocaleNumber } from '@/lib/format/number.ts';

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
    expect(formatDay(1700006400 + 86_399, 'en-US')).toBe('Nov 15');
    expect(formatDay(1700006400, 'vi')).toBe('15 thg 11');
  });
  it('labels a chart\'s day ticks in the language\'s own day and month order, the year under the first and where it changes', () => {
    const day = 86_400;
    const dec30 = Date.UTC(2026, 11, 30) / 1000;
    const ticks = [dec30, dec30 + day, dec30 + 2 * day, dec30 + 3 * day];
    expect(formatDayTicks(ticks, day, 'en-US')).toEqual(['12/30\n2026', '12/31', '1/1\n2027', '1/2']);
    expect(formatDayTicks(ticks, day, 'vi')).toEqual(['30/12\n2026', '31/12', '1/1\n2027', '2/1']);
    expect(formatDayTicks(ticks, day, 'de')).toEqual(['30.12.\n2026', '31.12.', '1.1.\n2027', '2.1.']);
  });
  it('names months, not days, when a chart\'s ticks are a month or more apart', () => {
    const months = [Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 1)].map((ms) => ms / 1000);
    expect(formatDayTicks(months, 30 * 86_400, 'en-US')).toEqual(['Nov\n2026', 'Dec', 'Jan\n2027']);
    expect(formatDayTicks(months, 30 * 86_400, 'vi')).toEqual(['Tháng 11\n2026', 'Tháng 12', 'Tháng 1\n2027']);
  });
  it('builds one formatter per locale and options, not one per date (each costs ~1 ms in a page)', () => {
    const Real = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      return new Real(...args);
    });
    try {
      const days = Array.from({ length: 20 }, (_, i) => formatDay(1700006400 + i * 86_400, 'fr-CA'));
      expect(days[0]).toBe('15 nov.');
      expect(days[19]).toBe('4 déc.');
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });
  it('writes any value to four fraction digits (a score\'s extra fields)', () => {
    expect(formatPrecise(0.123456, 'en-US')).toBe('0.1235');
    expect(formatPrecise(1520.75, 'en-US')).toBe('1,520.75');
    expect(formatPrecise(1520.75, 'vi')).toBe('1.520,75');
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

describe('numbers as people type them', () => {
  it('reads English: "," groups, "." is the decimal mark', () => {
    expect(parseLocaleNumber('12.5', 'en-US')).toBe(12.5);
    expect(parseLocaleNumber(' 1,000 ', 'en-US')).toBe(1000);
    expect(parseLocaleNumber('1,234,567.25', 'en-US')).toBe(1234567.25);
    expect(parseLocaleNumber('1234567.25', 'en-US')).toBe(1234567.25);
    expect(parseLocaleNumber('-3', 'en-US')).toBe(-3);
    expect(parseLocaleNumber('.5', 'en-US')).toBe(0.5);
    // A comma that does not group thousands is not read as one (it was: "12,5" became 125).
    expect(parseLocaleNumber('12,5', 'en-US')).toBeNull();
    expect(parseLocaleNumber('1,00', 'en-US')).toBeNull();
  });

  it('reads Vietnamese: "." groups, "," is the decimal mark', () => {
    expect(parseLocaleNumber('12,5', 'vi')).toBe(12.5);
    expect(parseLocaleNumber('1.000', 'vi')).toBe(1000);
    expect(parseLocaleNumber('1.234.567,25', 'vi')).toBe(1234567.25);
    expect(parseLocaleNumber('0,05', 'vi')).toBe(0.05);
    expect(parseLocaleNumber('-1.000,5', 'vi')).toBe(-1000.5);
    // "12.5" in Vietnamese is neither 12.5 nor 125: it is refused, not guessed.
    expect(parseLocaleNumber('12.5', 'vi')).toBeNull();
  });

  it('reads grouping by spaces and other digits where the locale writes them', () => {
    expect(parseLocaleNumber('1 234,5', 'fr-FR')).toBe(1234.5);
    expect(parseLocaleNumber('12,34,567.5', 'en-IN')).toBe(1234567.5);
    expect(parseLocaleNumber(new Intl.NumberFormat('ar-EG').format(1234.5), 'ar-EG')).toBe(1234.5);
  });

  it('refuses what is not a number', () => {
    for (const text of ['', ' ', 'abc', '12abc', '1e3', '1.2.3', '1,2,3', 'Infinity', 'NaN', '--1', '12,5,0', '.', ','])
      expect(parseLocaleNumber(text, 'en-US'), text).toBeNull();
    for (const text of ['', 'abc', '1,2,3', '12,5,0', '1.00', 'mười'])
      expect(parseLocaleNumber(text, 'vi'), text).toBeNull();
  });

  it('writes a number to edit, every digit kept, which reads back', () => {
    expect(formatInputNumber(12.5, 'en-US')).toBe('12.5');
    expect(formatInputNumber(12.5, 'vi')).toBe('12,5');
    expect(formatInputNumber(1234.75, 'vi')).toBe('1234,75');
    expect(formatInputNumber(0.1234567, 'vi')).toBe('0,1234567');
    for (const n of [0, 12.5, -3, 1234567.891, 0.000123])
      for (const l of ['en-US', 'vi', 'fr-FR']) expect(parseLocaleNumber(formatInputNumber(n, l), l)).toBe(n);
  });
});
