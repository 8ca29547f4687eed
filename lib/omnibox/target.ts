import { scorePageFor, SCORE_PAGE, type ScorePagePath } from '@/lib/score/menu.ts';
import { dashboardUrlFor } from '@/lib/stats/dashboard-link.ts';
import type { OmniboxInput } from './parse.ts';

/** The extension page an entered input opens. Pure. */
export type OmniboxTarget =
  | { readonly page: 'score'; readonly path: ScorePagePath }
  | { readonly page: 'dashboard'; readonly path: ReturnType<typeof dashboardUrlFor> };

/**
 * An address: its score page. A project id: the dashboard on it. Anything
 * else: the score page, holding what was typed when it looks like an address
 * (its form says what is wrong), else empty; Enter always opens something.
 */
export function omniboxTarget(input: OmniboxInput, typed: string): OmniboxTarget {
  switch (input.kind) {
    case 'address':
      return { page: 'score', path: scorePageFor(input.checksummed, input.scoreId) };
    case 'project':
      return { page: 'dashboard', path: dashboardUrlFor({ project: input.project }) };
    case 'invalid': {
      const first = typed.trim().split(/\s+/)[0] ?? '';
      if (/^0x/i.test(first)) return { page: 'score', path: scorePageFor(first) };
      return { page: 'score', path: SCORE_PAGE };
    }
    case 'empty':
      return { page: 'score', path: SCORE_PAGE };
  }
}
