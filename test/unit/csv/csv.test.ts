import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from '@/lib/csv/csv.ts';

describe('CSV builder', () => {
  it('joins plain fields with commas and ends lines with CRLF', () => {
    expect(toCsv({ columns: ['Date', 'Users'], rows: [['2024-01-01', 1830], ['2024-01-02', 1901.5]] })).toBe(
      'Date,Users\r\n2024-01-01,1830\r\n2024-01-02,1901.5\r\n',
    );
  });
  it('quotes fields holding commas, quotes, line breaks or edge spaces, doubling quotes', () => {
    expect(csvField('Uniswap V3: Router, main')).toBe('"Uniswap V3: Router, main"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField(' padded')).toBe('" padded"');
  });
  it('writes missing values as empty fields and numbers plainly', () => {
    expect(toCsv({ columns: ['a', 'b', 'c', 'd'], rows: [[null, undefined, 1234567.25, Number.NaN]] })).toBe('a,b,c,d\r\n,,1234567.25,\r\n');
    expect(csvField(true)).toBe('true');
  });
  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField(-3)).toBe('-3');
  });
  it('names files safely', () => {
    expect(csvFileName('Nebula', 'holder change')).toBe('nebula-holder-change.csv');
    expect(csvFileName('../x', '')).toBe('x.csv');
    expect(csvFileName('', '')).toBe('export.csv');
  });
});
