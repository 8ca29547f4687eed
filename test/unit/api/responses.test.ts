import { describe, expect, it } from 'vitest';
import { parseCreateUrl, parseProofData, parseProofJson, parseScore, parseVerify } from '@/lib/api/responses.ts';
import { parseRetryAfter, retryDelay } from '@/lib/api/retry.ts';
import { isErrorBody, serviceMessage } from '@/lib/api/body.ts';

describe('integration answers', () => {
  it('accepts the sessionId shape and the early url shape', () => {
    expect(parseCreateUrl({ sessionId: ' abc ' })).toEqual({ sessionId: 'abc' });
    expect(parseCreateUrl({ sessionId: 'abc', url: 'https://p.io/x' })).toEqual({ sessionId: 'abc', url: 'https://p.io/x' });
    expect(parseCreateUrl({ url: 'https://p.io/proof/abc-1' })).toEqual({ sessionId: 'abc-1', url: 'https://p.io/proof/abc-1' });
    expect(() => parseCreateUrl({ url: 'javascript:alert(1)' })).toThrow(/no sessionId/);
    expect(() => parseCreateUrl({})).toThrow(/no sessionId/);
  });

  it('reads proof status, tolerating case and an object proof', () => {
    expect(parseProofData({ status: 'PROCESSING' })).toEqual({ status: 'PROCESSING' });
    expect(parseProofData({ status: 'finished', proof: '{"a":1}' })).toEqual({ status: 'FINISHED', proof: '{"a":1}' });
    expect(parseProofData({ status: 'FINISHED', proof: { a: 1 } })).toEqual({ status: 'FINISHED', proof: '{"a":1}' });
    expect(() => parseProofData({ status: 'FINISHED' })).toThrow(/no proof/);
    expect(() => parseProofData({ status: 'FAILED' })).toThrow(/unknown status/);
  });

  it('parses a proof string, score from publicSignals[0]', () => {
    const text = JSON.stringify({ proof: { pi_a: ['1', '2', '1'], protocol: 'groth16' }, publicSignals: ['712', '600'] });
    const p = parseProofJson(text);
    expect(p.score).toBe(712);
    expect(p.publicSignals).toEqual(['712', '600']);
    expect(p.raw).toEqual(JSON.parse(text));
    expect(() => parseProofJson('{')).toThrow(/not valid JSON/);
    expect(() => parseProofJson('{"proof":{},"publicSignals":[]}')).toThrow(/public signals/);
    expect(() => parseProofJson('{"proof":{},"publicSignals":["x"]}')).toThrow(/numeric score/);
  });

  it('keeps every extra of a score answer', () => {
    expect(parseScore({ score: 696, rank: 81, scoreBreakdown: { assets: 740 } })).toEqual({
      score: 696, extras: { rank: 81, scoreBreakdown: { assets: 740 } },
    });
    expect(parseScore({ rank: 3 })).toEqual({ score: null, extras: { rank: 3 } });
    expect(parseVerify({ valid: false })).toEqual({ valid: false });
    expect(() => parseVerify({ valid: 'yes' })).toThrow();
  });
});

describe('error bodies and retry timing', () => {
  it('spots error envelopes sent with 200', () => {
    expect(isErrorBody({ success: false, message: 'invalid key' })).toBe(true);
    expect(serviceMessage({ success: false, message: 'invalid key' })).toBe('invalid key');
    expect(isErrorBody({ message: 'Internal error', code: 500 })).toBe(true);
    expect(isErrorBody({ message: 'hi', whales: 1 })).toBe(false);
    expect(isErrorBody({ whales: 1 })).toBe(false);
    expect(isErrorBody('No api key')).toBe(false); // text is readBody's to judge
  });

  it('parses Retry-After and computes jittered backoff', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    const policy = { retries: 3, baseDelayMs: 100, maxDelayMs: 300 };
    expect(retryDelay(1, policy, undefined, () => 0)).toBe(50);
    expect(retryDelay(3, policy, undefined, () => 1)).toBe(300);
    expect(retryDelay(2, policy, 1234)).toBe(1234);
  });
});

describe('error envelopes seen in the wild', () => {
  it('reads gateway and bare error spellings', () => {
    expect(serviceMessage({ Message: 'Forbidden' })).toBe('Forbidden');
    expect(serviceMessage({ error: 'No api key' })).toBe('No api key');
    expect(isErrorBody({ success: 'false', message: 'invalid key' })).toBe(true);
    expect(isErrorBody({ error: 'x', users: [] })).toBe(false);
  });
});
