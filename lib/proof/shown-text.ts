/**
 * Whether a string from a web page reads on screen exactly as it is, and how
 * a person reads it. The consent window shows a page's `scoreId` and
 * `web2Id` next to the origin the browser reported; a string that holds
 * characters the eye cannot see (a right-to-left override, a zero-width
 * space, a newline, a soft hyphen) could make it show something other than
 * what the page sent, such as another site's bound web2Id. Such strings are
 * refused (docs/page-api.md, "Parameters"), not shown escaped: refusing is
 * simplest, and no honest id needs them. Pure; used on both sides.
 */

/** Why a string cannot be shown as it is. */
export type ShownTextProblem = 'control' | 'invisible' | 'space' | 'code-point' | 'marks';

/** C0 and C1 controls (tab, newline, DEL …), and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/**
 * What draws nothing, or moves what is drawn: format characters (Cf: the bidi controls
 * U+202A–202E, U+2066–2069, U+200E/200F, U+061C; zero-width U+200B–200D, U+2060, U+FEFF, the soft
 * hyphen, U+180E, tags …), every other default-ignorable code point (variation selectors, Hangul
 * fillers, U+034F …), and U+2800, the Braille blank, which looks like a space and is none.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** A space other than U+0020 (no-break, em, ideographic …), or a space first or last. */
const ODD_SPACE = /[^\P{White_Space} ]|^ | $/u;
/** Unpaired surrogates, private-use and unassigned code points: drawn as nothing, a box, or a font's whim. */
const ODD_CODE_POINT = /[\p{Cs}\p{Co}\p{Cn}]/u;
/** More than three combining marks on one character: stacked, they spill over the lines around them. */
const MARK_PILE = /\p{Mn}{4}|\p{Me}/u;

/** Why `s` would not read on screen as what it is, or null when it does. */
export function shownTextProblem(s: string): ShownTextProblem | null {
  if (CONTROL.test(s)) return 'control';
  if (INVISIBLE.test(s)) return 'invisible';
  if (ODD_SPACE.test(s)) return 'space';
  if (ODD_CODE_POINT.test(s)) return 'code-point';
  if (MARK_PILE.test(s)) return 'marks';
  return null;
}

/**
 * Lookalikes of the characters that make a bound web2Id (`scheme://host#id`) that NFKC leaves
 * alone (Unicode's confusables for `:`, `/` and `#`).
 */
const LOOKALIKES: ReadonlyArray<readonly [string, string]> = [
  ['\u02d0\u02f8\u0589\u05c3\u0703\u0704\u0903\u0a83\u16ec\u1803\u1809\u205a\u2236\ua4fd\ua789\ufe30\u1361', ':'],
  ['\u1735\u2041\u2044\u2215\u2571\u27cb\u29f8\u2cc6\u3033\u30ce\u31d3\u4e3f\u0338\u{1d23a}', '/'],
  ['\u266f\u2317', '#'],
];

/**
 * `s` as a person reads it: compatibility forms folded (NFKC: fullwidth `ｈｔｔｐｓ：／／` is
 * `https://`), what draws nothing removed, every kind of space and line break read as one
 * space, lookalikes of `:`, `/` and `#` read as those, lower case, trimmed.
 */
export function readingForm(s: string): string {
  let r = s.normalize('NFKC').replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '');
  r = r.replace(/[\p{White_Space}\p{Cc}\p{Zl}\p{Zp}\u2800]+/gu, ' ');
  // Code point by code point (some are combining marks, which a regex character class would misread).
  for (const [chars, as] of LOOKALIKES) for (const ch of chars) r = r.replaceAll(ch, as);
  return r.toLowerCase().trim();
}

/**
 * A web2Id that reads as the bound form, `scheme://host[:port]#…`, reserved for `bindOrigin`
 * (docs/page-api.md). Judged on the reading form with every space removed, so no invisible,
 * spaced-out, fullwidth or lookalike spelling of another site's bound web2Id gets through; the
 * scheme may be any text, so a lookalike letter in it (Cyrillic `һttps`) does not help either.
 */
export function readsAsBound(web2Id: string): boolean {
  return /^[^/?#]*:\/\/[^/?#]*#/.test(readingForm(web2Id).replace(/ /g, ''));
}
