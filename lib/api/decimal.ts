/**
 * What counts as a plain decimal number written as text (no hex, no
 * thousands separators): the one rule for request validation (here and in
 * the sandbox) and for reading service bodies (lib/normalize).
 */

/** Longest text read as a number: far beyond any real amount or score, short enough to test in no time. */
export const MAX_DECIMAL_LENGTH = 64;

/**
 * Linear: no two quantifiers can claim the same character, so a failing
 * match backtracks at most once per character (the old `\d+\.?\d*` let both
 * halves claim every digit: quadratic on long digit runs).
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export type DecimalCheck = 'ok' | 'too-long' | 'not-decimal';

/** Checks text (already trimmed) as a decimal; the length cap comes first, so the pattern never sees long input. */
export function checkDecimal(text: string): DecimalCheck {
  if (text.length > MAX_DECIMAL_LENGTH) return 'too-long';
  return DECIMAL.test(text) ? 'ok' : 'not-decimal';
}

export function isDecimal(text: string): boolean {
  return checkDecimal(text) === 'ok';
}
