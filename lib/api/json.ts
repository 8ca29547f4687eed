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

/** Integers of this many digits or more may not be exact as doubles (2^53 has 16). */
const LONG_RUN = /\d{16}/;

/** Parses JSON text; throws SyntaxError as JSON.parse does. */
export function parseJsonExact(text: string): unknown {
  // Most answers hold no run of 16 digits at all: they skip the scan.
  return JSON.parse(LONG_RUN.test(text) ? quoteUnsafeIntegers(text) : text);
}

/**
 * The text with every integer literal outside strings that is not a safe
 * integer put in quotes. Linear, one pass; literals inside strings are left
 * alone, and so is anything that is not valid JSON (JSON.parse refuses it
 * after).
 */
function quoteUnsafeIntegers(text: string): string {
  let out = '';
  let from = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string, escapes included.
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i += 2;
        else if (d === 0x22) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const literal = text.slice(start, i);
      if (/^-?(?:0|[1-9]\d*)$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(from, start)}"${literal}"`;
        from = i;
      }
      continue;
    }
    i++;
  }
  return from === 0 ? text : out + text.slice(from);
}

function isNumberChar(c: number): boolean {
  // digits . e E + -
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
