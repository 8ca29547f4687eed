/**
 * Copies a value a web page handed over, as plain data, within a byte budget:
 * the one way page parameters are read (docs/page-api.md, "Parameters").
 *
 * A page controls what it passes: Proxies whose traps throw or lie, getters
 * with side effects, a 64 MB ArrayBuffer, a 10 MB string, a Map. So the value
 * is walked once, each field read exactly once, every size checked before
 * anything is copied, and the copy (fresh objects, data only) is what every
 * later check looks at, so nothing can change under them. Pure: the main-world
 * script, the relay and the worker all use it.
 */

/** What a copy is made of: JSON's values, finite numbers only. */
export type PlainData = string | number | boolean | null | readonly PlainData[] | { readonly [key: string]: PlainData };

export interface PlainLimits {
  /** UTF-8 bytes of the copy as JSON. */
  readonly bytes: number;
  /** Objects and arrays nested in one another, the outermost counting 1. */
  readonly depth: number;
}

/** Why a value is not plain data; `path` names where (`params.extra[2]`). */
export type PlainDataProblem =
  | { readonly kind: 'type'; readonly path: string }
  | { readonly kind: 'size' }
  | { readonly kind: 'depth'; readonly path: string }
  /** A getter or a Proxy trap threw, or a revoked Proxy: the page's own exception is never passed on. */
  | { readonly kind: 'unreadable' };

export class NotPlainData extends Error {
  constructor(readonly problem: PlainDataProblem) {
    super(`not plain data: ${problem.kind}`);
    this.name = 'NotPlainData';
  }
}

// The built-ins, taken when this module loads: a page that replaces Object.keys or
// Array.isArray later cannot change how its parameters are read.
const { getPrototypeOf, keys: ownEnumerableKeys, prototype: OBJECT_PROTO } = Object;
const { isArray } = Array;
const ARRAY_PROTO = Array.prototype;
const toStringTag = Object.prototype.toString;
const hasOwn = Object.prototype.hasOwnProperty;
const { freeze, create, defineProperty } = Object;
const { isFinite, isSafeInteger } = Number;
const toText = String;

/**
 * A plain object: prototype Object.prototype or null. Another realm's Object.prototype counts
 * (an iframe's `{}`; Firefox's view of page objects from a content script): a prototype
 * without a prototype, owning `hasOwnProperty`, on an object that says `[object Object]`.
 */
function isPlainObject(v: object): boolean {
  const proto: unknown = getPrototypeOf(v);
  if (proto === null || proto === OBJECT_PROTO) return true;
  return typeof proto === 'object' && getPrototypeOf(proto) === null && hasOwn.call(proto, 'hasOwnProperty')
    && toStringTag.call(v) === '[object Object]';
}

/** A plain array: Array.prototype of this realm or another (itself an array), not a subclass's. */
function isPlainArray(v: object): boolean {
  if (!isArray(v)) return false;
  const proto: unknown = getPrototypeOf(v);
  return proto === ARRAY_PROTO || (typeof proto === 'object' && proto !== null && isArray(proto));
}

/** UTF-8 bytes of `s` as a JSON string literal, quotes included; stops counting past `budget`. */
export function jsonStringBytes(s: string, budget: number): number {
  let n = 2;
  for (let i = 0; i < s.length && n <= budget; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x0c || c === 0x0a || c === 0x0d || c === 0x09) n += 2;
    else if (c < 0x20) n += 6; // \u00XX
    else if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4; // a surrogate pair: one 4-byte character
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) n += 6; // a lone surrogate: JSON writes \udXXX
    else n += 3;
  }
  return n;
}

/**
 * A frozen copy of `value` if it is plain data within `limits`: strings, finite numbers
 * (type number), booleans, null, plain objects (own enumerable string keys; `undefined` fields
 * are left out, as JSON does) and plain arrays (dense: a hole or `undefined` is refused) of the
 * same. Reads each field once and measures as it reads: a 10 MB string or a million-element
 * array is refused by its length alone, an ArrayBuffer by its prototype, before anything is
 * read from it. The bytes counted are exactly those of `JSON.stringify(copy)` in UTF-8.
 * Throws NotPlainData, never anything the page threw.
 */
export function copyPlainData(value: unknown, limits: PlainLimits, root = 'params'): PlainData {
  let left = limits.bytes;
  // Our own refusal, told apart by identity: `instanceof` on whatever the page threw could run its Proxy traps.
  let refusal: NotPlainData | null = null;
  const fail = (problem: PlainDataProblem) => (refusal = new NotPlainData(problem));
  const tooLarge = () => fail({ kind: 'size' });
  const spend = (n: number) => {
    left -= n;
    if (left < 0) throw tooLarge();
  };
  /** A string's bytes; a long one is refused by its length, before it is scanned (each unit is at least a byte). */
  const spendString = (s: string) => {
    if (s.length + 2 > left) throw tooLarge();
    spend(jsonStringBytes(s, left));
  };

  const copy = (v: unknown, path: string, depth: number): PlainData => {
    switch (typeof v) {
      case 'string':
        spendString(v);
        return v;
      case 'number':
        if (!isFinite(v)) throw fail({ kind: 'type', path });
        spend(toText(v).length);
        return v;
      case 'boolean':
        spend(v ? 4 : 5);
        return v;
      case 'object':
        break;
      default:
        throw fail({ kind: 'type', path });
    }
    if (v === null) {
      spend(4);
      return null;
    }
    if (depth >= limits.depth) throw fail({ kind: 'depth', path });
    if (isPlainArray(v)) {
      const length: unknown = (v as { length: unknown }).length;
      if (typeof length !== 'number' || !isSafeInteger(length) || length < 0) throw fail({ kind: 'type', path });
      // Every element is at least a byte and a comma: a long array is refused before it is read.
      if (2 * length + 1 > left) throw tooLarge();
      spend(2 + Math.max(0, length - 1));
      const out: PlainData[] = [];
      for (let i = 0; i < length; i++) {
        const item: unknown = (v as Record<number, unknown>)[i];
        if (item === undefined) throw fail({ kind: 'type', path: `${path}[${i}]` });
        out.push(copy(item, `${path}[${i}]`, depth + 1));
      }
      return freeze(out);
    }
    if (!isPlainObject(v)) throw fail({ kind: 'type', path });
    const keys = ownEnumerableKeys(v);
    // More fields than bytes left cannot fit (and would each be read): refused before any is.
    if (keys.length > left) throw tooLarge();
    spend(2);
    const out = create(null) as Record<string, PlainData>;
    let kept = 0;
    for (const key of keys) {
      const item: unknown = (v as Record<string, unknown>)[key];
      if (item === undefined) continue;
      spend(kept++ > 0 ? 2 : 1); // the colon, and the comma before every field but the first
      spendString(key);
      const at = `${path}${/^[A-Za-z_$][\w$]{0,31}$/.test(key) ? `.${key}` : '[…]'}`;
      // Defined, not assigned: a key named __proto__ is data here, as in JSON.
      defineProperty(out, key, { value: copy(item, at, depth + 1), enumerable: true });
    }
    return freeze(out);
  };

  try {
    return copy(value, root, 0);
  } catch (e) {
    if (refusal !== null && e === refusal) throw refusal;
    // A throwing getter or trap, a revoked Proxy: the page's exception is not ours to pass on.
    throw new NotPlainData({ kind: 'unreadable' });
  }
}
