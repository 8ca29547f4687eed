/**
 * Numbers the service sent with more digits than a double holds (a token
 * amount of 24 digits, in base units): what it sent, kept as text. The views
 * carry doubles, which charts plot and sums add; the text formatters
 * (lib/format/number.ts) and the CSV writer (lib/csv) ask here for the digits
 * behind a double, and show those, never the double's own invented ones.
 *
 * Keyed by the double the text reads as. Two different texts that read as the
 * same double make it ambiguous: neither is claimed, and the double is shown
 * rounded. The table is bounded (the oldest texts go first); a number no
 * longer in it is shown rounded too, never wrong.
 */

/** More digits than this may not survive as a double (which keeps 15 for certain). */
const SAFE_DIGITS = 15;
const MAX_KEPT = 2_000;

/** The text each double was sent as; null when two texts share it. */
const sent = new Map<number, string | null>();

/**
 * Digits of a decimal text a double must hold to give it back: every digit of
 * the whole part (its trailing zeros too: 10^23 is no double), those of the
 * fraction up to its last non-zero one; no sign, no leading zeros.
 */
function digitsToKeep(text: string): number {
  const mantissa = text.replace(/^[+-]/, '').split(/[eE]/)[0]!;
  const [whole = '', fraction = ''] = mantissa.split('.');
  return (whole + fraction.replace(/0+$/, '')).replace(/^0+/, '').length;
}

/**
 * The double of a decimal text (already checked as one: lib/api/decimal.ts),
 * remembering the text when the double loses some of its digits.
 */
export function keepExact(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || digitsToKeep(text) <= SAFE_DIGITS) return n;
  // Up to 2^53 a whole number is its double exactly.
  if (Number.isSafeInteger(n) && /^[+-]?\d+$/.test(text)) return n;
  const spelled = text.replace(/^\+/, '');
  const seen = sent.get(n);
  if (seen === undefined) {
    sent.set(n, spelled);
    if (sent.size > MAX_KEPT) sent.delete(sent.keys().next().value!);
  } else if (seen !== null && seen !== spelled) {
    sent.set(n, null);
  }
  return n;
}

/** The text a double was sent as, when it carries more digits than the double; undefined otherwise. */
export function exactText(n: number): string | undefined {
  return sent.get(n) ?? undefined;
}

/** Whether a double may show digits no one sent: beyond 2^53 a double's trailing digits are its own. */
export function isBeyondExact(n: number): boolean {
  return Math.abs(n) > Number.MAX_SAFE_INTEGER;
}
