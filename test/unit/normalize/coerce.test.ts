import { describe, expect, it } from 'vitest';
import {
  isoDate,
  keyedEntries,
  ratio,
  sumKnown,
  toEpochSeconds,
  toList,
  toNumber,
  toText,
} from '@/lib/normalize/coerce.ts';

describe('toNumber', () => {
  it.each<[unknown, number | null]>([
    [12, 12],
    [1.5, 1.5],
    [-3, -3],
    [-0, 0],
    ['12', 12],
    [' 1.5 ', 1.5],
    ['-3', -3],
    ['1e3', 1000],
    ['.5', 0.5],
    ['5.', 5],
    ['-0', 0],
    ['', null],
    ['   ', null],
    ['NaN', null],
    ['Infinity', null],
    ['1e400', null],
    ['0x10', null],
    ['1,234', null],
    ['12abc', null],
    ['n/a', null],
    [NaN, null],
    [Infinity, null],
    [null, null],
    [undefined, null],
    [true, null],
    [{}, null],
    [[1], null],
  ])('%j → %j', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });
});

describe('toText', () => {
  it.each<[unknown, string | null]>([
    ['Lending', 'Lending'],
    ['  Lending  ', 'Lending'],
    ['', null],
    ['  ', null],
    [42, '42'],
    [NaN, null],
    [null, null],
    [undefined, null],
    [false, null],
    [{ name: 'x' }, null],
  ])('%j → %j', (input, expected) => {
    expect(toText(input)).toBe(expected);
  });
});

describe('toEpochSeconds', () => {
  it.each<[unknown, number | null]>([
    [1700006400, 1700006400],
    ['1700006400', 1700006400],
    [' 1700006400 ', 1700006400],
    ['1700006400.9', 1700006400],
    [1700006400000, 1700006400],
    ['1700006400123', 1700006400],
    ['2023-11-15', 1700006400],
    ['2023-11-15T00:00:00Z', 1700006400],
    ['2023-11-15T00:00:00.250Z', 1700006400],
    ['2023-11-15T02:00:00+02:00', 1700006400],
    ['2023-11-14T19:00:00-0500', 1700006400],
    ['2023-11-15 00:00', 1700006400],
    ['2023-11-15t00:00z', 1700006400],
    ['2023-02-30', null],
    ['2023-13-01', null],
    ['2023-11-15T24:00:00Z', null],
    ['2023-11-15T10:60Z', null],
    ['15/11/2023', null],
    [0, null],
    [-5, null],
    ['-5', null],
    ['yesterday', null],
    ['total', null],
    ['', null],
    [null, null],
    [undefined, null],
    [true, null],
    [{}, null],
    [NaN, null],
  ])('%j → %j', (input, expected) => {
    expect(toEpochSeconds(input)).toBe(expected);
  });
});

describe('isoDate', () => {
  it('writes the UTC date of a time in seconds', () => {
    expect(isoDate(1700006400)).toBe('2023-11-15');
    expect(isoDate(1700006400 + 86399)).toBe('2023-11-15');
  });
});

describe('toList', () => {
  it('keeps arrays and turns everything else into an empty list', () => {
    const list = [1, 2];
    expect(toList(list)).toBe(list);
    expect(toList({ 0: 'a' })).toEqual([]);
    expect(toList('ab')).toEqual([]);
    expect(toList(null)).toEqual([]);
  });
});

describe('keyedEntries', () => {
  it('takes a record keyed by id, preferring the record’s own id over its key', () => {
    expect(keyedEntries({ '0xabc': { name: 'A' }, '0xdef': { id: '0xDEF', name: 'D' }, '0x1': 5, ' ': { name: 'blank' } })).toEqual([
      { id: '0xabc', value: { name: 'A' } },
      { id: '0xDEF', value: { id: '0xDEF', name: 'D' } },
      { id: '0x1', value: 5 },
      { id: null, value: { name: 'blank' } },
    ]);
  });

  it('takes a list, with ids from the records', () => {
    expect(keyedEntries([{ id: 'a' }, { name: 'no id' }, 7])).toEqual([
      { id: 'a', value: { id: 'a' } },
      { id: null, value: { name: 'no id' } },
      { id: null, value: 7 },
    ]);
  });

  it('answers nothing for other values', () => {
    for (const v of [null, undefined, 'text', 12, true]) expect(keyedEntries(v)).toEqual([]);
  });
});

describe('ratio and sumKnown', () => {
  it('divides only by a positive whole', () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(ratio(0, 4)).toBe(0);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(1, -4)).toBeNull();
    expect(ratio(null, 4)).toBeNull();
    expect(ratio(1, null)).toBeNull();
  });

  it('sums the known values, null when none is known', () => {
    expect(sumKnown([1, null, 2])).toBe(3);
    expect(sumKnown([null, null])).toBeNull();
    expect(sumKnown([])).toBeNull();
    expect(sumKnown([0])).toBe(0);
  });
});
