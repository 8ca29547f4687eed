/**
 * What the stats UI remembers between openings: the current project, its
 * filters, the recent projects, and each block's options. Kept in
 * storage.local so the popup reopens on the same view and paints its cached
 * numbers at once.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { StatsFilters } from './query.ts';

export interface StatsUiState {
  readonly filters: StatsFilters;
  /** Most recent first. */
  readonly recentProjects: readonly string[];
  /** Block options by block id, then by catalog parameter name. */
  readonly options: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The section the popup last showed. */
  readonly section: string;
}

export const MAX_RECENT_PROJECTS = 8;

export const defaultUiState: StatsUiState = Object.freeze<StatsUiState>({
  filters: { project: '', chainId: '', tokenId: '', dapp: '', range: { days: 30 as const } },
  recentProjects: [],
  options: {},
  section: 'holders',
});

const STATS_UI_KEY = 'statsUi';

export const statsUiItem = storage.defineItem<StatsUiState>(`local:${STATS_UI_KEY}`, { fallback: defaultUiState, version: 1 });

/** Puts a project first in the recent list (once), keeping at most MAX_RECENT_PROJECTS. */
export function rememberProject(recent: readonly string[], project: string): string[] {
  const p = project.trim();
  if (!p) return [...recent];
  return [p, ...recent.filter((r) => r !== p)].slice(0, MAX_RECENT_PROJECTS);
}

/**
 * The state to start from: the stored one, or the defaults seeded from the
 * settings (default project, chain, token) on first use.
 */
export function initialUiState(
  stored: StatsUiState | null,
  settings: { defaultProject: string; defaultChainId: string; defaultTokenId: string },
): StatsUiState {
  if (stored && stored.filters.project) return { ...defaultUiState, ...stored };
  return {
    ...defaultUiState,
    ...(stored ?? {}),
    filters: {
      ...defaultUiState.filters,
      ...(stored?.filters ?? {}),
      project: settings.defaultProject,
      chainId: stored?.filters.chainId || settings.defaultChainId,
      tokenId: stored?.filters.tokenId || settings.defaultTokenId,
    },
  };
}

export function isUiState(v: unknown): v is StatsUiState {
  const u = v as StatsUiState | null;
  return typeof u === 'object' && u !== null && typeof u.filters === 'object' && u.filters !== null
    && typeof u.filters.project === 'string' && typeof u.filters.range === 'object' && Array.isArray(u.recentProjects);
}

/**
 * The stored state in one storage read (the item has no migrations yet, so
 * its raw value is its value): the popup's first paint waits on this.
 */
export async function readUiState(): Promise<StatsUiState | null> {
  const raw = ((await browser.storage.local.get(STATS_UI_KEY)) as Record<string, unknown>)[STATS_UI_KEY];
  return isUiState(raw) ? raw : null;
}
