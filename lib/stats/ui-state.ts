/**
 * What the stats UI remembers between openings: the current project, its
 * filters, the recent projects, and each block's options. Kept in
 * storage.local so the popup reopens on the same view and paints its cached
 * numbers at once.
 */
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

/** Null until the UI first stores a state. */
export const statsUiItem = storage.defineItem<StatsUiState | null>('local:statsUi', { fallback: null });

/** Puts a project first in the recent list (once), keeping at most MAX_RECENT_PROJECTS. */
export function rememberProject(recent: readonly string[], project: string): string[] {
  const p = project.trim();
  if (!p) return [...recent];
  return [p, ...recent.filter((r) => r !== p)].slice(0, MAX_RECENT_PROJECTS);
}

/** The state showing `project` (put first among the recent ones), as if chosen in the filter bar. */
export function withProject(ui: StatsUiState, project: string): StatsUiState {
  const p = project.trim();
  if (!p || p === ui.filters.project) return ui;
  return { ...ui, filters: { ...ui.filters, project: p }, recentProjects: rememberProject(ui.recentProjects, p) };
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
 * The stored state, or null when there is none or it is damaged. The popup's
 * first paint waits on this: an item without migrations reads in one storage call.
 */
export async function readUiState(): Promise<StatsUiState | null> {
  const stored: unknown = await statsUiItem.getValue();
  return isUiState(stored) ? stored : null;
}
