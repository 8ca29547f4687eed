/**
 * Which project ids a comparison takes (typed in "Compare with…" or read from a
 * dashboard link). Apart from lib/stats/compare.ts, so the popup, which only
 * builds dashboard links, carries none of the comparison's code.
 */

/** The longest project id a comparison accepts: real ids are short slugs; a link is no place for a novel. */
export const PROJECT_ID_MAX = 100;

export type ProjectIdProblem = 'empty' | 'too-long' | 'characters';

/**
 * What is wrong with a (trimmed) project id typed or read from a link, or
 * null. Ids go into a URL path encoded, so any printable text travels safely
 * (the project field takes `a&b c` too); what is refused is what no id holds:
 * nothing, more than PROJECT_ID_MAX characters, and control or invisible
 * format characters (a line break; a right-to-left override would make the
 * heading and the legend lie about the name).
 */
export function projectIdProblem(id: string): ProjectIdProblem | null {
  if (!id) return 'empty';
  if ([...id].length > PROJECT_ID_MAX) return 'too-long';
  return /\p{C}/u.test(id) ? 'characters' : null;
}
