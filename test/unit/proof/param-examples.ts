import { runInNewContext } from 'node:vm';
import type { ParamRule } from '@/lib/proof/params.ts';

/**
 * Accepted and refused examples for every documented parameter rule (lib/proof/params.ts,
 * PARAM_RULES; docs/page-api.md, "Parameters"). The Record type makes a new rule a compile
 * error here until it has examples. Each example is a thunk: getters and Proxies are made
 * fresh for every side that reads them. `params` rules are whole `requestScoreProof` params;
 * `method` examples are `request()` arguments; `options` examples are its second argument.
 */

export const VALID = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@your.app' } as const;
const w = (web2Id: unknown) => () => ({ ...VALID, web2Id });
const s = (scoreId: unknown) => () => ({ ...VALID, scoreId });
const c = (condition: unknown) => () => ({ ...VALID, condition });
const extra = (value: () => unknown) => () => ({ ...VALID, extra: value() });

/** `{ ...VALID, pad }` whose JSON is exactly `bytes` long in UTF-8. */
export function ofBytes(bytes: number, char = 'x'): Record<string, unknown> {
  const utf8 = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;
  const base = utf8({ ...VALID, pad: '' });
  const per = utf8(char) - 2;
  const room = bytes - base;
  return { ...VALID, pad: char.repeat(Math.floor(room / per)) + 'x'.repeat(room % per) };
}

function nested(levels: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < levels; i++) v = { v };
  return v;
}

const revoked = () => {
  const r = Proxy.revocable({ ...VALID }, {});
  r.revoke();
  return r.proxy;
};
const throwing = () => {
  throw new Error('the page’s own error');
};
class Params {
  scoreId = 'credit-v1';
  condition = 600;
  web2Id = 'alice@your.app';
}
class MyArray extends Array<number> {}

export type Example = () => unknown;
export type RuleExamples = { readonly accepted: readonly Example[]; readonly refused: readonly Example[] };

export const EXAMPLES: Record<Exclude<ParamRule, 'method' | 'options' | 'cancelId'>, RuleExamples> = {
  plain: {
    accepted: [
      () => ({ ...VALID }),
      () => Object.freeze({ ...VALID }),
      () => Object.seal({ ...VALID }),
      () => Object.assign(Object.create(null) as object, VALID),
      // Another realm's plain object (an iframe's `{}`).
      () => runInNewContext('({ scoreId: "credit-v1", condition: 600, web2Id: "alice@your.app", extra: [1, "a", true, null] })'),
      extra(() => ({ list: [1, 'two', false, null], nested: { ok: true } })),
      () => ({ ...VALID, bindOrigin: undefined }),
      () => new Proxy({ ...VALID }, {}),
    ],
    refused: [
      () => new Params(),
      () => new Map(Object.entries(VALID)),
      () => Object.assign(new Set(), VALID),
      () => Object.assign(new Date(), VALID),
      () => Object.assign(() => 1, VALID),
      () => Object.assign(/x/, VALID),
      () => Object.assign(Object.create({ inherited: true }) as object, VALID),
      // No prototype, but own properties that are not enumerable: what a cross-origin window or location looks like.
      extra(() => Object.defineProperties(Object.create(null) as object, { self: { value: 1 }, location: { value: 2 } })),
      extra(() => new Map([['a', 1]])),
      extra(() => new Set([1])),
      extra(() => new Date(0)),
      extra(() => /x/),
      extra(() => new ArrayBuffer(64 * 1024 * 1024)),
      extra(() => new Uint8Array(16)),
      extra(() => new DataView(new ArrayBuffer(8))),
      extra(() => new Blob(['x'])),
      extra(() => new Params()),
      extra(() => MyArray.from([1, 2])),
      extra(() => throwing),
      extra(() => Symbol('x')),
      extra(() => 10n),
      extra(() => Number.NaN),
      extra(() => Number.POSITIVE_INFINITY),
      extra(() => new Error('x')),
      extra(() => Promise.resolve(1)),
      extra(() => globalThis),
      extra(() => [1, undefined]),
      // eslint-disable-next-line no-sparse-arrays
      extra(() => [1, , 3]),
      c(Object(600)),
      c(Number.NaN),
      c(Number.POSITIVE_INFINITY),
      s(Object('credit-v1')),
      w(Symbol('alice')),
      () => Symbol('params'),
      () => throwing,
    ],
  },
  readable: {
    accepted: [
      () => ({ ...VALID, get web2Id() { return 'alice@your.app'; } }),
      () => new Proxy({ ...VALID }, { get: (t, k) => Reflect.get(t, k) }),
    ],
    refused: [
      () => ({ ...VALID, get scoreId(): string { throw new Error('no'); } }),
      () => ({ ...VALID, get web2Id(): string { throw new Error('no'); } }),
      () => ({ ...VALID, get condition(): number { throw 'a string, not an Error'; } }),
      extra(() => ({ get deep(): number { throw new Error('no'); } })),
      () => new Proxy({ ...VALID }, { get: throwing }),
      () => new Proxy({ ...VALID }, { ownKeys: throwing }),
      () => new Proxy({ ...VALID }, { getPrototypeOf: throwing }),
      () => new Proxy({ ...VALID }, { getOwnPropertyDescriptor: throwing }),
      () => new Proxy([VALID], { get: throwing }),
      revoked,
      extra(revoked),
      // A Proxy whose trap throws a Proxy: nothing of it is touched.
      () => new Proxy({ ...VALID }, { get: () => { throw new Proxy({}, { getPrototypeOf: throwing, get: throwing }); } }),
    ],
  },
  size: {
    accepted: [() => ofBytes(2048), () => ofBytes(2048, 'é'), () => ofBytes(2048, '😀'), () => ofBytes(2048, '"')],
    refused: [
      () => ofBytes(2049),
      () => ofBytes(2049, 'é'),
      () => ofBytes(2050, '😀'),
      () => ofBytes(2049, '\n'),
      extra(() => 'y'.repeat(10 * 1024 * 1024)),
      extra(() => new Array<number>(1_000_000).fill(1)),
      extra(() => Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
      w('x'.repeat(10 * 1024 * 1024)),
      () => ({ ...VALID, ['k'.repeat(3000)]: 1 }),
    ],
  },
  depth: {
    accepted: [extra(() => nested(7))],
    refused: [extra(() => nested(8)), extra(() => nested(100_000)), () => {
      const cyclic: Record<string, unknown> = { ...VALID };
      cyclic.self = cyclic;
      return cyclic;
    }],
  },
  object: {
    accepted: [
      () => ({ ...VALID, unknownField: 'ignored' }),
      // Symbol keys and inherited fields are not read: a Map under a symbol key is not looked at.
      () => ({ ...VALID, [Symbol('meta')]: new Map() }),
      () => Object.defineProperty({ ...VALID }, 'hidden', { value: new Map(), enumerable: false }),
    ],
    refused: [() => 'credit-v1', () => 42, () => null, () => undefined, () => true, () => [], () => [VALID], () => [VALID, VALID]],
  },
  scoreId: {
    accepted: [s('credit-v1'), s('x'), s('Điểm tín dụng')],
    refused: [() => ({ condition: 600, web2Id: 'alice' }), s(''), s(42), s(true), s(null), s(['credit-v1']), s({})],
  },
  scoreIdLength: {
    accepted: [s('m'.repeat(64))],
    refused: [s('m'.repeat(65)), s('😀'.repeat(33))],
  },
  condition: {
    accepted: [c(0), c(600), c(-1), c(600.5), c(850)],
    refused: [c('600'), c('0x258'), c(''), c(true), c(null), c([600]), c({}), () => ({ scoreId: 'credit-v1', web2Id: 'alice' })],
  },
  web2Id: {
    accepted: [w('alice@your.app'), w('a'), w('user 42'), w('Nguyễn Văn A')],
    refused: [() => ({ scoreId: 'credit-v1', condition: 600 }), w(''), w(42), w(null), w(['alice'])],
  },
  web2IdLength: {
    accepted: [w('x'.repeat(256))],
    refused: [w('x'.repeat(257))],
  },
  bound: {
    accepted: [
      w('alice#1'),
      w('https://bank.example.com/#alice'),
      w('mailto:alice@bank.example#x'),
      () => ({ ...VALID, web2Id: 'https://bank.example.com#alice', bindOrigin: true }),
    ],
    refused: [
      w('https://bank.example.com#alice'),
      w('HTTPS://BANK.EXAMPLE.COM#alice'),
      w('https://bank.example.com:8443#alice'),
      w('web+app://x#y'),
      w('ｈｔｔｐｓ：／／bank.example.com＃alice'),
      w('https:∕∕bank.example.com#alice'),
      w('https:⁄⁄bank.example.com#alice'),
      w('https://bank.example.com♯alice'),
      w('https꞉//bank.example.com#alice'),
      w('һttps://bank.example.com#alice'),
      w('https: //bank.example.com #alice'),
      () => ({ ...VALID, web2Id: 'https://bank.example.com#alice', bindOrigin: false }),
    ],
  },
  bindOrigin: {
    accepted: [() => ({ ...VALID, bindOrigin: true }), () => ({ ...VALID, bindOrigin: false })],
    refused: [() => ({ ...VALID, bindOrigin: 'yes' }), () => ({ ...VALID, bindOrigin: 1 }), () => ({ ...VALID, bindOrigin: null })],
  },
  control: {
    accepted: [w('alice smith')],
    refused: [
      w('\nhttps://bank.example.com#alice'), w('alice\n'), w('a\tb'), w('a\rb'), w('\u0000alice'), w('a\u001bb'), w('a\u007fb'), w('a\u0085b'),
      w('a\u009bb'), w('a\u2028b'), w('a\u2029b'), s('credit\nv1'), s('credit-v1\t'),
    ],
  },
  invisible: {
    accepted: [w('🙂 alice'), w('日本語'), w('عربي'), w('עברית')],
    refused: [
      w('\u202Eecila#moc.elpmaxe.knab//:sptth'),
      w('\u200Bhttps://bank.example.com#alice'),
      ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C',
        '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u180E', '\u00AD', '\uFE0F', '\u034F', '\u3164', '\u115F', '\u2800',
        '\u2062', '\u{E0041}', '\u{E0001}', '\u{E0100}'].map((ch) => w(`ali${ch}ce`)),
      s('credit\u200B-v1'),
      s('\u202Ecredit-v1'),
    ],
  },
  space: {
    accepted: [w('alice smith'), w('a b c')],
    refused: [
      w(' https://bank.example.com#alice'), w('alice '), w(' '), w('\u00A0alice'), w('a\u00A0b'), w('a\u2009b'), w('a\u3000b'),
      w('a\u202Fb'), w('a\u1680b'), s(' credit-v1'), s('credit-v1 '),
    ],
  },
  codePoint: {
    accepted: [w('😀'), w('𝒜lice')],
    refused: [w('a\uD800'), w('\uDC00a'), w('a\uE000'), w('a\u{F0000}'), w('a\uFFFF'), w('a\u{10FFFE}')],
  },
  marks: {
    accepted: [w('Nguye\u0302\u0303n'), w('e\u0301\u0302\u0303')],
    refused: [w('e\u0301\u0301\u0301\u0301'), w(`a${'\u0336'.repeat(40)}`), w('a\u20DD'), s('m\u0489')],
  },
};

export const METHOD_EXAMPLES: RuleExamples = {
  accepted: [() => ({ method: 'vantage_requestScoreProof', params: VALID }), () => ({ get method() { return 'vantage_requestScoreProof'; }, params: VALID })],
  refused: [
    () => undefined, () => null, () => 'vantage_requestScoreProof', () => ({}), () => ({ method: 1 }), () => ({ method: new String('x') }),
    () => ({ get method(): string { throw new Error('no'); } }),
    () => new Proxy({}, { get: throwing }),
    revoked,
  ],
};

export const OPTIONS_EXAMPLES: RuleExamples = {
  accepted: [() => undefined, () => null, () => ({}), () => ({ onProgress: () => undefined }), () => ({ onProgress: undefined })],
  refused: [
    () => 5, () => 'x', () => ({ onProgress: 1 }), () => ({ onProgress: {} }),
    () => ({ get onProgress(): () => void { throw new Error('no'); } }),
    () => new Proxy({}, { get: throwing }),
    revoked,
  ],
};

/** vantage_cancelRequest's `params` (cancelRequest(id) reads `{ id }`). */
export const CANCEL_EXAMPLES: RuleExamples = {
  accepted: [() => ({ id: 'a1b2c3d4-1' }), () => [{ id: 'x' }], () => ({ id: 'x'.repeat(64), extra: [1] }), () => ({ get id() { return 'x'; } })],
  refused: [
    () => undefined, () => null, () => 'a1b2c3d4-1', () => ({}), () => ({ id: '' }), () => ({ id: 'x'.repeat(65) }), () => ({ id: 7 }),
    () => [{ id: 'x' }, { id: 'y' }], () => ({ id: null }),
  ],
};
