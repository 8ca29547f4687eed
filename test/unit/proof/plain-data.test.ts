import { describe, expect, it } from 'vitest';
import { copyPlainData, jsonStringBytes, NotPlainData, type PlainDataProblem } from '@/lib/proof/plain-data.ts';

const LIMITS = { bytes: 2048, depth: 8 };
const utf8 = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

function problem(fn: () => unknown): PlainDataProblem | null {
  try {
    fn();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(NotPlainData);
    return (e as NotPlainData).problem;
  }
}

describe('copyPlainData', () => {
  it('counts exactly the bytes of JSON.stringify(copy) in UTF-8: escapes, 2-, 3- and 4-byte characters, lone surrogates', () => {
    const samples = ['', 'a', '"', '\\', '\n', '\u0001', '\u001f', 'é', '€', '😀', '\uD800', 'a\uDC00b', '\u2028', 'Nguyễn', 'x"y\\z\t'];
    for (const s of samples) expect(jsonStringBytes(s, 1e9), JSON.stringify(s)).toBe(utf8(s));
    const value = { a: samples, b: { c: [1, -0.5, 1e21, true, false, null], d: {} }, e: [], '"k"': 'ü', undefinedDropped: undefined };
    // Exactly at the limit is accepted; a byte less is refused.
    expect(copyPlainData(value, { bytes: utf8(value), depth: 8 })).toEqual(JSON.parse(JSON.stringify(value)));
    expect(problem(() => copyPlainData(value, { bytes: utf8(value) - 1, depth: 8 }))).toEqual({ kind: 'size' });
  });

  it('returns a frozen copy made of fresh objects: later changes to the original reach nothing', () => {
    const original = { list: [1, { x: 'a' }], inner: { y: true } };
    const copy = copyPlainData(original, LIMITS) as typeof original;
    original.list.push(2);
    original.inner.y = false;
    expect(copy).toEqual({ list: [1, { x: 'a' }], inner: { y: true } });
    expect(Object.isFrozen(copy) && Object.isFrozen(copy.list) && Object.isFrozen(copy.inner)).toBe(true);
  });

  it('keeps a key named __proto__ as data, as JSON does, and never changes a prototype', () => {
    const parsed: unknown = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const copy = copyPlainData(parsed, LIMITS) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copy)).toBeNull();
  });

  it('refuses a long string, a long array and an object with many fields by their size alone, reading none of it', () => {
    let reads = 0;
    const counted = new Proxy([] as unknown[], {
      get: (t, k) => {
        if (k === 'length') return 10_000_000;
        reads++;
        return Reflect.get(t, k);
      },
    });
    expect(problem(() => copyPlainData({ a: counted }, LIMITS))).toEqual({ kind: 'size' });
    expect(reads).toBe(0);
    const manyKeys = new Proxy({}, {
      ownKeys: () => Array.from({ length: 100_000 }, (_, i) => `k${i}`),
      getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }),
      get: () => {
        reads++;
        return 1;
      },
    });
    expect(problem(() => copyPlainData(manyKeys, LIMITS))).toEqual({ kind: 'size' });
    expect(reads).toBe(0);
  });

  it('names where plain data broke', () => {
    expect(problem(() => copyPlainData({ a: { b: [1, new Map()] } }, LIMITS))).toEqual({ kind: 'type', path: 'params.a.b[1]' });
    expect(problem(() => copyPlainData({ 'odd key!': new Set() }, LIMITS))).toEqual({ kind: 'type', path: 'params[…]' });
  });

  it('never lets out what a page throws, not even a thrown Proxy', () => {
    const hostile = new Proxy({}, { getPrototypeOf: () => { throw new Error('trap'); }, get: () => { throw new Error('trap'); } });
    const thrower = { get a(): never { throw hostile; } };
    expect(problem(() => copyPlainData(thrower, LIMITS))).toEqual({ kind: 'unreadable' });
  });
});
