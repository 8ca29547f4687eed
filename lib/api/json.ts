/**
 * JSON.parse that keeps every digit: an integer literal beyond 2^53 (a token
 * amount in base units, say) would come out of JSON.parse as the nearest
 * double, with digits the service never sent. Such literals are read as
 * their decimal text instead ("123456789012345678901234"), which the
 * normalizers already take as numbers (lib/normalize/coerce.ts) and which
 * the formatters show exactly (lib/format/exact.ts). Everything else parses
 * as JSON.parse parses it; anything JSON.parse refuses (truncated text,
 * `NaN`, `Infinity`) is refused here too.
 */

/** Integers of 16 digits or more may not be exact as doubles (2^53 has 16). A cheap first test: */
const ANY_RUN = /\d{16}/;
/**
 * ...and the exact one: a run after a decimal point is a fraction's
 * (0.30000000000000004, common in any JSON a program wrote), which does not
 * call for the scan.
 */
const WHOLE_RUN = /(?:^|[^\d.])\d{16}/;

/** Parses JSON text; throws SyntaxError as JSON.parse does. */
export function parseJsonExact(text: string): unknown {
  // Most answers hold no such run at all: they skip the scan.
  return JSON.parse(ANY_RUN.test(text) && WHOLE_RUN.test(text) ? quoteUnsafeIntegers(text) : text);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** What may follow the digits of a number's whole part: a fraction, an exponent, more digits. */
const continuesNumber = (c: number) => isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45;

/**
 * The text with every integer literal outside strings that is not a safe
 * integer put in quotes. One linear pass, jumping over strings; anything
 * that is not valid JSON stays so (a leading zero is left alone, an
 * unterminated string ends the pass), for JSON.parse to refuse.
 */
function quoteUnsafeIntegers(text: string): string {
  const parts: string[] = [];
  let from = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) break;
      continue;
    }
    if (c !== MINUS && !isDigit(c)) {
      i++;
      continue;
    }
    const start = i;
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    if (i < n && continuesNumber(text.charCodeAt(i))) {
      // A fraction or an exponent: a double as sent; skip the rest of the literal.
      while (i < n && (continuesNumber(text.charCodeAt(i)) || text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === MINUS)) i++;
      continue;
    }
    const literal = text.slice(start, i);
    if (literal.length >= 16 && /^-?[1-9]/.test(literal) && !Number.isSafeInteger(Number(literal))) {
      parts.push(text.slice(from, start), '"', literal, '"');
      from = i;
    }
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/** The index after the string opening at `open`, or -1 when it never closes. */
function stringEnd(text: string, open: number): number {
  let j = open + 1;
  for (;;) {
    j = text.indexOf('"', j);
    if (j < 0) return -1;
    let k = j - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    // An even number of backslashes before it: the quote closes the string.
    if ((j - 1 - k) % 2 === 0) return j + 1;
    j++;
  }
}
