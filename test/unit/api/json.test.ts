import { describe, expect, it } from 'vitest';
import { parseJsonExact } from '@/lib/api/json.ts';

describe('parseJsonExact', () => {
  it('reads integers beyond 2^53 as their decimal text, every digit kept', () => {
    expect(parseJsonExact('{"a":123456789012345678901234,"b":[-9007199254740993,1]}')).toEqual({
      a: '123456789012345678901234',
      b: ['-9007199254740993', 1],
    });
  });

  it('leaves safe integers, fractions, exponents and strings as JSON.parse reads them', () => {
    const text = '{"safe":9007199254740991,"f":1234567890123456.5,"e":1e30,"s":"12345678901234567890","k":{"12345678901234567890":1}}';
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
  });

  it('leaves long fractions and exponents as doubles, and still quotes a big integer beside them', () => {
    expect(parseJsonExact('{"r":0.30000000000000004,"e":1.2345678901234567e+30,"f":-12345678901234567.5,"a":12345678901234567890}')).toEqual({
      r: 0.30000000000000004,
      e: Number('1.2345678901234567e+30'),
      f: Number('-12345678901234567.5'),
      a: '12345678901234567890',
    });
    expect(parseJsonExact('[0.1234567890123456789]')).toEqual([Number('0.1234567890123456789')]);
  });

  it('skips digits inside strings, escaped quotes included', () => {
    expect(parseJsonExact('["a\\"12345678901234567890", 12345678901234567890]')).toEqual(['a"12345678901234567890', '12345678901234567890']);
    expect(parseJsonExact('["\\\\", 12345678901234567890, "x\\\\\\"1234567890123456789"]')).toEqual(['\\', '12345678901234567890', 'x\\"1234567890123456789']);
  });

  it.each(['{"a":NaN}', '{"a":Infinity}', '{"a":-Infinity}', '{"a":12345678901234567890', '{"a":0123456789012345678}', '"x'])('refuses %s as JSON.parse does', (text) => {
    expect(() => parseJsonExact(text)).toThrow(SyntaxError);
  });
});
