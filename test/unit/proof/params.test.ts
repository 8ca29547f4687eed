import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProofErrorCode, RELAY_TARGET, type VantageProvider } from '@/lib/proof/contract.ts';
import { installPageApi } from '@/lib/proof/page-api.ts';
import { isParamError, PARAM_RULES, parseProofRequest, parseRequestParams, readCancelId, readRequestMethod, readRequestOptions, type ParamError, type ParamRule } from '@/lib/proof/params.ts';
import { createRelay } from '@/lib/proof/relay.ts';
import { CANCEL_EXAMPLES, EXAMPLES, METHOD_EXAMPLES, OPTIONS_EXAMPLES, VALID, type RuleExamples } from './param-examples.ts';
import { fakeChannel, fakeChannelEvent, FakeWindow, type FakePort } from './fake-window.ts';

/** The codes docs/page-api.md lists under "Errors": a rejection carries one of these, always. */
const DOCUMENTED_CODES = new Set<number>(Object.values(ProofErrorCode));

/** What `fn` threw, or undefined. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e;
  }
}

/** The rule a call broke; 'accepted' when it did not throw; fails on anything but a ParamError. */
function verdict(fn: () => unknown): ParamRule | 'accepted' {
  const e = thrown(fn);
  if (e === undefined) return 'accepted';
  expect(isParamError(e)).toBe(true);
  expect((e as ParamError).code).toBe(-32602);
  return (e as ParamError).rule;
}

const PARAM_RULE_EXAMPLES = Object.entries(EXAMPLES) as [Exclude<ParamRule, 'method' | 'options' | 'cancelId'>, RuleExamples][];

describe('each documented parameter rule, with accepted and refused examples (lib/proof/params.ts)', () => {
  it('every rule has examples of both kinds', () => {
    const covered = new Set<string>([...PARAM_RULE_EXAMPLES.map(([rule]) => rule), 'method', 'options', 'cancelId']);
    expect(covered).toEqual(new Set(Object.keys(PARAM_RULES)));
    for (const [, { accepted, refused }] of PARAM_RULE_EXAMPLES) expect(accepted.length * refused.length).toBeGreaterThan(0);
  });

  it.each(PARAM_RULE_EXAMPLES)('%s', (rule, { accepted, refused }) => {
    expect(accepted.map((ex) => verdict(() => parseProofRequest(ex())))).toEqual(accepted.map(() => 'accepted'));
    expect(refused.map((ex) => verdict(() => parseProofRequest(ex())))).toEqual(refused.map(() => rule));
  });

  it('method (request()\'s argument)', () => {
    expect(METHOD_EXAMPLES.accepted.map((ex) => verdict(() => readRequestMethod(ex())))).toEqual(METHOD_EXAMPLES.accepted.map(() => 'accepted'));
    expect(METHOD_EXAMPLES.refused.map((ex) => verdict(() => readRequestMethod(ex())))).toEqual(METHOD_EXAMPLES.refused.map(() => 'method'));
    // params' getter throws: unreadable.
    expect(verdict(() => parseRequestParams({ method: 'vantage_requestScoreProof', get params(): unknown { throw new Error('no'); } }))).toBe('readable');
  });

  it('options (the second argument)', () => {
    expect(OPTIONS_EXAMPLES.accepted.map((ex) => verdict(() => readRequestOptions(ex())))).toEqual(OPTIONS_EXAMPLES.accepted.map(() => 'accepted'));
    expect(OPTIONS_EXAMPLES.refused.map((ex) => verdict(() => readRequestOptions(ex())))).toEqual(OPTIONS_EXAMPLES.refused.map(() => 'options'));
  });

  it('cancelId (vantage_cancelRequest\'s params)', () => {
    expect(CANCEL_EXAMPLES.accepted.map((ex) => verdict(() => readCancelId(ex())))).toEqual(CANCEL_EXAMPLES.accepted.map(() => 'accepted'));
    expect(CANCEL_EXAMPLES.refused.map((ex) => verdict(() => readCancelId(ex())))).toEqual(CANCEL_EXAMPLES.refused.map(() => 'cancelId'));
    expect(readCancelId([{ id: 'p-1' }])).toBe('p-1');
    expect(verdict(() => readCancelId({ get id(): string { throw new Error('no'); } }))).toBe('readable');
  });

  it('the parameters come back exactly as sent (nothing trimmed), with only the known fields', () => {
    expect(parseProofRequest({ ...VALID, bindOrigin: true, extra: { a: 1 } })).toEqual({ ...VALID, bindOrigin: true });
    expect(parseProofRequest({ ...VALID, bindOrigin: false })).toEqual(VALID);
    expect(parseRequestParams({ params: [{ ...VALID }] })).toEqual(VALID);
    // Two elements are not "the object or a one-element array holding it".
    expect(verdict(() => parseRequestParams({ params: [VALID, VALID] }))).toBe('object');
  });

  it('the refusal names the rule in its message, and where plain data broke', () => {
    expect(thrown(() => parseProofRequest({ ...VALID, web2Id: 'a\u200Bb' }))).toMatchObject({ message: `Invalid parameters: web2Id: ${PARAM_RULES.invisible.text}.` });
    expect(thrown(() => parseProofRequest({ ...VALID, extra: { list: [1, new Map()] } }))).toMatchObject({ message: expect.stringContaining('params.extra.list[1]: plain data only') });
  });
});

describe('each field is read once, and what was read is what is checked and sent', () => {
  it('getters run once each, a Proxy\'s get trap once per field, through request() too', () => {
    const reads: string[] = [];
    const params = new Proxy({ ...VALID }, { get: (t, k) => (reads.push(String(k)), Reflect.get(t, k)) });
    const args = { get method() { reads.push('method'); return 'vantage_requestScoreProof'; }, get params() { reads.push('params'); return [params]; } };
    expect(readRequestMethod(args)).toBe('vantage_requestScoreProof');
    expect(parseRequestParams(args)).toEqual(VALID);
    expect(reads.sort()).toEqual(['condition', 'method', 'params', 'scoreId', 'web2Id']);
  });

  it('a getter that answers differently each time cannot pass one value and send another', () => {
    let n = 0;
    const sly = { ...VALID, get web2Id() { return n++ === 0 ? 'alice' : 'https://bank.example.com#alice'; } };
    expect(parseProofRequest(sly)).toEqual({ ...VALID, web2Id: 'alice' });
    expect(n).toBe(1);
  });
});

describe('the docs and the rules say the same thing', () => {
  const docs = readFileSync(join(process.cwd(), 'docs/page-api.md'), 'utf8');
  const start = docs.indexOf('### Parameters');
  const section = docs.slice(start, docs.slice(start + 1).search(/\n##/) + start + 1);
  const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Field |'));

  it.each(Object.entries(PARAM_RULES))('docs/page-api.md lists the %s rule in the parameters table', (_rule, { field, text }) => {
    expect(rows).toContain(`| ${field} | ${text} |`);
  });

  it('and lists no rule the code does not enforce', () => {
    expect(rows).toHaveLength(Object.keys(PARAM_RULES).length);
  });
});

/**
 * window.vantage in a page, with the relay behind it: `asked` is what reached the worker.
 * Posted window messages are delivered on timers; `flush` runs them.
 */
function page() {
  const win = new FakeWindow();
  const asked: unknown[] = [];
  const channels: { page: FakePort; relay: FakePort }[] = [];
  const relay = createRelay({
    win: win as never,
    request: async (p) => (asked.push(p), { flowId: `f${asked.length}` }),
    claim: async () => ({ accepted: false }),
    abandon: async () => undefined,
    alive: () => true,
    channel: fakeChannel(channels),
    channelEvent: fakeChannelEvent,
  });
  installPageApi(win as never);
  relay.start();
  const vantage = (win as unknown as { vantage: VantageProvider }).vantage;
  /** The line window.vantage took: a page script that got hold of it could write to it past window.vantage. */
  const line = () => channels[channels.length - 1]!;
  /** What the relay settled for a request the page wrote itself (bypassing window.vantage). */
  const settled = (id: string) => line().relay.sent.map((d) => d as { type?: string; id?: string; outcome?: { ok: boolean; error?: { code: number; message: string } } })
    .find((d) => d.type === 'settled' && d.id === id);
  return { win, asked, vantage, settled, line };
}

// Not runAllTimers: a pending request's heartbeat never ends.
const flush = () => vi.advanceTimersByTimeAsync(20);

describe('window.vantage: never throws, every rejection a documented code, nothing posted for bad parameters (the page side)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Calls `call` and returns its promise's verdict: the request that reached the worker, or the rejection's code and message. */
  async function outcome(vantage: VantageProvider, call: (v: VantageProvider) => Promise<unknown>): Promise<{ code: number; message: string } | 'asked'> {
    let p!: Promise<unknown>;
    expect(() => (p = call(vantage))).not.toThrow();
    expect(p).toBeInstanceOf(Promise);
    let result: { code: number; message: string } | 'asked' = 'asked';
    const settledOut = p.then(() => undefined, (e: unknown) => {
      expect(e).toBeInstanceOf(Error);
      const { code, message } = e as { code: number; message: string };
      expect(DOCUMENTED_CODES.has(code)).toBe(true);
      result = { code, message };
    });
    await flush();
    await Promise.race([settledOut, Promise.resolve()]);
    return result;
  }

  it.each(PARAM_RULE_EXAMPLES)('%s: requestScoreProof and request refuse in the page with the rule\'s -32602, and ask the worker only for accepted ones', async (_rule, { accepted, refused }) => {
    for (const ex of refused) {
      const { vantage, asked } = page();
      const expected = (thrown(() => parseProofRequest(ex())) as Error).message;
      expect(await outcome(vantage, (v) => v.requestScoreProof(ex()))).toEqual({ code: -32602, message: expected });
      expect(asked).toEqual([]);
      // request() unwraps a one-element array: the same rules, on what it holds.
      const viaRequest = await outcome(vantage, (v) => v.request({ method: 'vantage_requestScoreProof', params: ex() }));
      if (thrown(() => parseRequestParams({ params: ex() }))) expect(viaRequest).toMatchObject({ code: -32602 });
      else expect(viaRequest).toBe('asked');
    }
    for (const ex of accepted) {
      const { vantage, asked } = page();
      expect(await outcome(vantage, (v) => v.requestScoreProof(ex()))).toBe('asked');
      expect(asked).toEqual([parseProofRequest(ex())]);
    }
  });

  it('request(): bad arguments and bad options are -32602, an unknown method 4200, never a throw', async () => {
    for (const ex of METHOD_EXAMPLES.refused) {
      const { vantage } = page();
      expect(await outcome(vantage, (v) => v.request(ex() as never))).toMatchObject({ code: -32602 });
    }
    for (const ex of OPTIONS_EXAMPLES.refused) {
      const { vantage, asked } = page();
      expect(await outcome(vantage, (v) => v.requestScoreProof(VALID, ex() as never))).toMatchObject({ code: -32602 });
      expect(await outcome(vantage, (v) => v.request({ method: 'vantage_requestScoreProof', params: VALID }, ex() as never))).toMatchObject({ code: -32602 });
      expect(asked).toEqual([]);
    }
    const { vantage } = page();
    expect(await outcome(vantage, (v) => v.request({ method: 'eth_sendTransaction', get params(): unknown { throw new Error('never read'); } }))).toMatchObject({ code: 4200 });
  });

  it('a page that replaces Object.keys, Array.isArray and Object.getPrototypeOf after load changes nothing', async () => {
    const { vantage, asked } = page();
    const saved = { keys: Object.keys, isArray: Array.isArray, getPrototypeOf: Object.getPrototypeOf };
    const boom = () => {
      throw new Error('tampered');
    };
    let p: Promise<unknown>;
    try {
      Object.assign(Object, { keys: boom, getPrototypeOf: boom });
      Object.assign(Array, { isArray: boom });
      p = vantage.requestScoreProof({ ...VALID, extra: [1, { a: 2 }] });
    } finally {
      Object.assign(Object, { keys: saved.keys, getPrototypeOf: saved.getPrototypeOf });
      Object.assign(Array, { isArray: saved.isArray });
    }
    void p.catch(() => undefined);
    await flush();
    expect(asked).toEqual([VALID]);
  });
});

describe('the relay checks again, whatever a page posts past window.vantage (the extension side)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Writes a request to the relay's line as page script could, without window.vantage; the port clones it (uncloneable values cannot be sent at all). */
  function postRaw(line: { page: FakePort }, id: string, params: unknown): boolean {
    try {
      line.page.postMessage({ target: RELAY_TARGET, type: 'request', id, params });
      return true;
    } catch {
      return false;
    }
  }

  it.each(PARAM_RULE_EXAMPLES)('%s: a request posted straight to the relay gets the same verdict as its copy, and the worker only accepted ones', async (rule, { accepted, refused }) => {
    const all = [...refused.map((ex) => ['refused', ex] as const), ...accepted.map((ex) => ['accepted', ex] as const)];
    let i = 0;
    let refusedAfterClone = 0;
    for (const [kind, ex] of all) {
      const { asked, settled, line } = page();
      await flush();
      const id = `raw-${++i}`;
      const value = ex();
      if (!postRaw(line(), id, value)) continue;
      await flush();
      // What the relay received is the browser's clone: a class instance arrives as a plain object.
      const arrived: unknown = structuredClone(value);
      const expected = verdictOf(arrived);
      if (expected === 'accepted') {
        expect(asked, `${rule} ${kind} example ${i}`).toHaveLength(1);
      } else {
        expect(asked, `${rule} ${kind} example ${i}`).toEqual([]);
        expect(settled(id)?.outcome).toMatchObject({ ok: false, error: { code: -32602 } });
        if (kind === 'refused') refusedAfterClone++;
      }
    }
    // Every rule keeps refusing on the extension side what can be posted at all.
    if (rule !== 'readable') expect(refusedAfterClone).toBeGreaterThan(0);
  });

  function verdictOf(v: unknown): ParamRule | 'accepted' {
    const e = thrown(() => parseProofRequest(v));
    return e === undefined ? 'accepted' : (e as ParamError).rule;
  }

  it('a 64 MB ArrayBuffer, a 10 MB string, a Map or a Date posted to the relay are refused, the worker never asked', async () => {
    for (const params of [{ ...VALID, extra: new ArrayBuffer(64 * 1024 * 1024) }, { ...VALID, web2Id: 'y'.repeat(10 * 1024 * 1024) }, { ...VALID, extra: new Map([[1, 2]]) }, { ...VALID, extra: new Date() }]) {
      const { asked, settled, line } = page();
      await flush();
      postRaw(line(), 'big', params);
      await flush();
      expect(asked).toEqual([]);
      expect(settled('big')?.outcome).toMatchObject({ ok: false, error: { code: -32602 } });
    }
  });
});
