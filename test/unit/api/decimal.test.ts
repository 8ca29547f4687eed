import { describe, expect, it } from 'vitest';
import { getOperation } from '@/lib/api/catalog.ts';
import { checkDecimal, isDecimal, MAX_DECIMAL_LENGTH } from '@/lib/api/decimal.ts';
import { ParamError, validateParams } from '@/lib/api/validate.ts';

describe('checkDecimal', () => {
  it.each(['0', '12', '-3', '+4', '007', '1.', '1.5', '.5', '-.5', '1e3', '1E-3', '-1.5e+10', '2.e7'])('accepts %j', (s) => {
    expect(checkDecimal(s)).toBe('ok');
  });

  it.each(['', '.', '+', '-', '.e1', 'e3', '1e', '1e+', '1e1.5', '1.2.3', '0x10', '1,000', '1_000', ' 1', '1 ', 'Infinity', 'NaN', '--1', '1 2', '١٢'])(
    'refuses %j',
    (s) => {
      expect(checkDecimal(s)).toBe('not-decimal');
    },
  );

  it('accepts exactly what the former pattern accepted, on every short string over its alphabet', () => {
    // The pattern this replaces (quadratic on long digit runs), kept here as the specification.
    const former = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
    const alphabet = ['1', '.', 'e', 'E', '+', '-', 'x'];
    let strings = [''];
    for (let len = 0; len <= 5; len++) {
      for (const s of strings) expect(isDecimal(s), s).toBe(former.test(s));
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
    }
  });

  it(`takes up to ${MAX_DECIMAL_LENGTH} characters`, () => {
    expect(checkDecimal('1'.repeat(MAX_DECIMAL_LENGTH))).toBe('ok');
    expect(checkDecimal('1'.repeat(MAX_DECIMAL_LENGTH + 1))).toBe('too-long');
  });

  it('turns away 100k characters by length alone, before the pattern runs', () => {
    // Had the pattern run, the first would be 'ok' and the second 'not-decimal'.
    expect(checkDecimal('1'.repeat(100_000))).toBe('too-long');
    expect(checkDecimal(`${'1'.repeat(100_000)}x`)).toBe('too-long');
  });
});

describe('numeric parameters', () => {
  const paramError = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof ParamError) return e;
      throw e;
    }
    throw new Error('no ParamError');
  };

  it('refuses a 15k-digit condition as too long, naming it (the sandbox validates with the same code)', () => {
    const e = paramError(() => validateParams(getOperation('createUrl'), { web2Id: 'u', condition: '9'.repeat(15_000), scoreId: 's' }));
    expect(e).toMatchObject({ param: 'condition', message: `Parameter "condition" is too long for a number (over ${MAX_DECIMAL_LENGTH} characters).` });
  });

  it('refuses an over-long amount the same way', () => {
    const e = paramError(() => validateParams(getOperation('tokenBalanceDistribution'), { project_id: 'p', whaleBalance: '1'.repeat(100_000) }));
    expect(e).toMatchObject({ param: 'whaleBalance', message: expect.stringContaining('too long') });
  });

  it('still reads ordinary numeric text', () => {
    expect(validateParams(getOperation('createUrl'), { web2Id: 'u', condition: ' 650 ', scoreId: 's' })).toMatchObject({ condition: 650 });
    expect(validateParams(getOperation('tokenBalanceDistribution'), { project_id: 'p', whaleBalance: '1e6' })).toMatchObject({ whaleBalance: '1e6' });
  });
});
