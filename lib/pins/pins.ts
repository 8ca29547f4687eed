/**
 * Pinned projects: the projects a user follows side by side in the popup's
 * Projects view, in the order the user gave them. Pure: the rules for what a
 * pinned list may hold, pinning, unpinning and moving. The store
 * (lib/pins/store.ts) keeps the list; the view and the address bar read it.
 */
import { isProjectId, type StatsRequest } from '@/lib/stats/query.ts';

/** More rows than this no longer fit a glance, nor one cold open's requests. */
export const MAX_PINS = 10;

export type PinnedList = readonly string[];

/**
 * The stored value split into the entries this build keeps (project ids,
 * each once, at most MAX_PINS, in their order) and the ones it cannot (not a
 * project id, a repeat, past the limit), which the store sets aside rather
 * than drops. A stored value that is not a list is rejected whole.
 */
export function parsePins(stored: unknown): { readonly kept: string[]; readonly rejected: unknown[] } {
  if (stored === undefined || stored === null) return { kept: [], rejected: [] };
  if (!Array.isArray(stored)) return { kept: [], rejected: [stored] };
  const kept: string[] = [];
  const rejected: unknown[] = [];
  for (const v of stored) {
    if (typeof v === 'string' && isProjectId(v) && !kept.includes(v) && kept.length < MAX_PINS) kept.push(v);
    else rejected.push(v);
  }
  return { kept, rejected };
}

export type PinResult =
  | { readonly ok: true; readonly list: PinnedList }
  | { readonly ok: false; readonly reason: 'limit' | 'invalid' };

/** `project` pinned last; pinning a pinned one changes nothing. Refused past MAX_PINS or for what is no project id. */
export function pinProject(list: PinnedList, project: string): PinResult {
  const p = project.trim();
  if (!isProjectId(p)) return { ok: false, reason: 'invalid' };
  if (list.includes(p)) return { ok: true, list };
  if (list.length >= MAX_PINS) return { ok: false, reason: 'limit' };
  return { ok: true, list: [...list, p] };
}

export function unpinProject(list: PinnedList, project: string): PinnedList {
  return list.includes(project) ? list.filter((p) => p !== project) : list;
}

/**
 * The list with `project` moved to index `to` (clamped to the list); the
 * others keep their order. Unknown projects and moves in place change nothing.
 */
export function moveProject(list: PinnedList, project: string, to: number): PinnedList {
  const from = list.indexOf(project);
  const at = Math.max(0, Math.min(list.length - 1, Math.trunc(to)));
  if (from < 0 || from === at) return list;
  const rest = list.filter((p) => p !== project);
  return [...rest.slice(0, at), project, ...rest.slice(at)];
}

/** The list with `project` moved `by` places (−1: up, +1: down), stopping at either end. */
export function moveProjectBy(list: PinnedList, project: string, by: number): PinnedList {
  const from = list.indexOf(project);
  return from < 0 ? list : moveProject(list, project, from + by);
}

/** Pinned projects first, in their order, then the others (recent ones), each once. */
export function pinnedFirst(pinned: PinnedList, others: readonly string[]): string[] {
  return [...new Set([...pinned, ...others])];
}

/**
 * Where a dragged project lands (its index once moved) when dropped on the
 * row at `over`, in that row's upper half (`after` false) or lower half.
 */
export function dropIndex(from: number, over: number, after: boolean): number {
  const to = over + (after ? 1 : 0);
  return from < to ? to - 1 : to;
}

/**
 * What a pinned row shows: the project's holder change over the last 30
 * days, with the service's defaults (no chain, token or DApp filter), as the
 * Stats view's Holders block shows it for that project with no filter set.
 * The row asks for its compared periods (lib/pins/row-headlines.ts): the
 * same requests as that block's changes, so they share cache entries.
 */
export function pinnedRequest(project: string): StatsRequest & { readonly op: 'holderChange' } {
  return { op: 'holderChange', filters: { project, chainId: '', tokenId: '', dapp: '', range: { days: 30 } } };
}
