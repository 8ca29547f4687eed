import { describe, expect, it } from 'vitest';
import { cleanServiceText, isErrorBody, MAX_SERVICE_MESSAGE, readBody, saysKeyProblem, serviceMessage } from '@/lib/api/body.ts';

describe('readBody', () => {
  it.each([['', 'empty'], ['  \n', 'empty'], ['null', 'empty'], ['[]', 'empty'], ['{}', 'empty'], [' { } ', 'empty']])('%j is %s', (text, kind) => {
    expect(readBody(text).kind).toBe(kind);
  });

  it.each([
    '{"now":{"active":1830,"new":214,"total":',
    '{"whales": NaN}',
    '{"whales": Infinity}',
    JSON.stringify(JSON.stringify({ whales: 1 })),
    '<html><body>Bad gateway</body></html>',
    'true',
    '42',
    'Something went wrong',
  ])('%j is unreadable, and not about the key', (text) => {
    expect(readBody(text)).toEqual({ kind: 'unreadable', aboutKey: false });
  });

  it('hears a key problem in a short plain sentence, never in a page or cut-off JSON', () => {
    expect(readBody('No api key')).toEqual({ kind: 'unreadable', aboutKey: true });
    expect(readBody('"Invalid API key"')).toEqual({ kind: 'unreadable', aboutKey: true });
    expect(readBody('<p>api key</p>')).toEqual({ kind: 'unreadable', aboutKey: false });
    expect(readBody('{"apiKey": "abc", "x":')).toEqual({ kind: 'unreadable', aboutKey: false });
  });

  it('reads JSON, big integers as decimal text', () => {
    expect(readBody('[1]')).toEqual({ kind: 'json', value: [1] });
    expect(readBody('{"v":123456789012345678901234}')).toEqual({ kind: 'json', value: { v: '123456789012345678901234' } });
  });
});

describe('serviceMessage', () => {
  it.each([
    [{ message: 'a' }, 'a'],
    [{ Message: 'b' }, 'b'],
    [{ error: 'c' }, 'c'],
    [{ error: { message: 'd' } }, 'd'],
    [{ detail: 'e' }, 'e'],
    [{ error_description: 'f' }, 'f'],
    [{ errors: [{ message: 'g' }] }, 'g'],
    [{ errors: ['h'] }, 'h'],
    [{ message: '   ', error: 'i' }, 'i'],
    [{ message: 12 }, null],
    [{ whales: 1 }, null],
    ['plain text', null],
  ])('%j → %j', (body, said) => {
    expect(serviceMessage(body)).toBe(said);
  });
});

describe('cleanServiceText', () => {
  it('makes one plain line: controls, bidi overrides and zero-width characters become spaces', () => {
    expect(cleanServiceText('  a\r\n\tb\u202Ec\u200bd\u0000e  ')).toBe('a b c d e');
    expect(cleanServiceText('\u200b\u202e ')).toBeNull();
  });

  it(`caps at ${MAX_SERVICE_MESSAGE} characters, at a word when there is one`, () => {
    const words = cleanServiceText('word '.repeat(100))!;
    expect(words.length).toBeLessThanOrEqual(MAX_SERVICE_MESSAGE);
    expect(words).toMatch(/word…$/);
    const run = cleanServiceText('x'.repeat(10_000))!;
    expect(run).toHaveLength(MAX_SERVICE_MESSAGE);
    expect(run.endsWith('…')).toBe(true);
  });
});

describe('isErrorBody', () => {
  it.each([
    [{ success: false }, true],
    [{ error: { code: 17 } }, true],
    [{ errors: ['bad'] }, true],
    [{ error: null }, false],
    [{ error: false, errors: [] }, false],
    [{ message: 'ok', whales: 1 }, false],
  ])('%j → %s', (body, isError) => {
    expect(isErrorBody(body)).toBe(isError);
  });
});

describe('saysKeyProblem', () => {
  it.each([
    [{ message: 'Invalid API key' }, true],
    [{ message: 'x-apikey header missing' }, true],
    [{ code: 'INVALID_API_KEY', message: 'Denied' }, true],
    [{ error: 'unauthenticated' }, true],
    [{ message: 'Unauthorized' }, false],
    [{ message: 'Forbidden', code: 'UNAUTHORIZED' }, false],
    [{ message: 'Web analytics integration is not set up for this project' }, false],
    [{ message: 'Your plan does not include this report' }, false],
    [{ message: 'Unknown token id' }, false],
  ])('%j → %s', (body, said) => {
    expect(saysKeyProblem(body)).toBe(said);
  });
});
