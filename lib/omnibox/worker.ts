import { browser } from 'wxt/browser';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { WorkerDeps, WorkerFeature } from '@/lib/background/feature.ts';
import { describeSuggestion, omniboxApi, type Disposition } from '@/lib/platform/omnibox.ts';
import { recentLookups, type RecentLookups } from '@/lib/score/recent.ts';
import { openScoreWindow } from '@/lib/score/score-window.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { readPins } from '@/lib/pins/store.ts';
import { readUiState } from '@/lib/stats/ui-state.ts';
import { bandLabel } from '@/lib/score/band-label.ts';
import { listWatched, watchlistStore } from '@/lib/watch/store.ts';
import type { WatchedSummary } from '@/lib/watch/watchlist.ts';
import { parseOmniboxInput } from './parse.ts';
import { buildSuggestions, defaultSuggestion, type KnownProjects, type SuggestionCandidate, type SuggestionSource } from './suggest.ts';
import { omniboxTarget, type OmniboxTarget } from './target.ts';

/**
 * The address-bar keyword (`vt`, lib/platform/firefox-manifest.ts): suggests
 * from the user's own lists as they type, and opens a score or the dashboard
 * on Enter. Typing sends nothing anywhere: suggestions come from storage, and
 * only an entered address is looked up (by the score page, as any lookup).
 */

/** The recent lookups (sealed), newest first, as candidates. */
export function recentLookupSource(recent: Pick<RecentLookups, 'load'>): SuggestionSource {
  return {
    list: async () => (await recent.load()).map((r) => ({ address: r.address, model: r.scoreId, label: t('omnibox.scoreLabel', { score: formatNumber(r.score) }) })),
  };
}

/** Recent projects of the stats view, else the default project from Options. */
export async function recentProjects(): Promise<string[]> {
  const ui = await readUiState();
  const recent = ui?.recentProjects ?? [];
  if (recent.length) return [...recent];
  const { defaultProject } = await loadSettings();
  return defaultProject ? [defaultProject] : [];
}

/** The pinned projects and the recent ones; a list that cannot be read is left out, not the other. */
export async function knownProjects(): Promise<KnownProjects> {
  const [pinned, recent] = await Promise.all([
    readPins().catch(() => []),
    recentProjects().catch(() => []),
  ]);
  return { pinned, recent };
}

/** Every source's candidates in order; a source that fails is skipped, not the suggestions. */
async function allCandidates(sources: readonly SuggestionSource[]): Promise<SuggestionCandidate[]> {
  const lists = await Promise.all(
    sources.map((s) =>
      s.list().catch((e: unknown) => {
        console.warn('Vantage: an address-bar suggestion source failed', e);
        return [];
      }),
    ),
  );
  return lists.flat();
}

/** Opens the target where the browser asked: Enter in this tab, Alt+Enter in a new one (an address: the score window). */
export async function openTarget(target: OmniboxTarget, disposition: Disposition): Promise<void> {
  const url = browser.runtime.getURL(target.path);
  if (disposition === 'currentTab') await browser.tabs.update({ url });
  else if (disposition === 'newBackgroundTab') await browser.tabs.create({ url, active: false });
  else if (target.page === 'score') await openScoreWindow(target.path);
  else await browser.tabs.create({ url });
}

export interface OmniboxDeps {
  /** Where addresses are suggested from: recent lookups now; the watchlist plugs in here too. */
  readonly sources: readonly SuggestionSource[];
  readonly projects: () => Promise<KnownProjects>;
}

/** Registers the keyword's listeners (synchronously, at worker start). */
export function listenToOmnibox({ sources, projects }: OmniboxDeps): void {
  const omnibox = omniboxApi();
  if (!omnibox) return; // Firefox for Android has no address-bar keywords.
  omnibox.onInputChanged.addListener((text, suggest) => {
    omnibox.setDefaultSuggestion({ description: describeSuggestion(defaultSuggestion(parseOmniboxInput(text))) });
    void Promise.all([allCandidates(sources), projects().catch(() => ({ pinned: [], recent: [] }))])
      .then(([candidates, known]) => {
        const list = buildSuggestions(text, candidates, known);
        suggest(list.map((s) => ({ content: s.content, description: describeSuggestion(s.description) })));
      })
      .catch((e: unknown) => console.error('Vantage: could not suggest', e));
  });
  omnibox.onInputEntered.addListener((text, disposition) => {
    openTarget(omniboxTarget(parseOmniboxInput(text), text), disposition).catch((e: unknown) =>
      console.error('Vantage: could not open what was entered in the address bar', e),
    );
  });
}

/** The keyword's worker side, with its address sources made from the shared deps. */
export function omniboxFeature(sources: (deps: WorkerDeps) => readonly SuggestionSource[]): WorkerFeature {
  return {
    name: 'omnibox',
    init: (deps) => {
      const made = sources(deps);
      return { listen: () => listenToOmnibox({ sources: made, projects: knownProjects }) };
    },
  };
}

/** The watched addresses, with their latest score and band, as candidates. */
export function watchlistSource(list: () => Promise<readonly WatchedSummary[]>): SuggestionSource {
  return {
    list: async () =>
      (await list()).map((w) => ({
        address: w.address,
        model: w.model,
        label: w.score === null ? t('omnibox.watched') : t('omnibox.watchedScore', { score: formatNumber(w.score), band: w.band ? bandLabel({ name: w.band }) : '' }),
      })),
  };
}

/** The watchlist first (what the user chose to follow), then recent lookups. */
export const omniboxWorker: WorkerFeature = omniboxFeature(({ vault }) => [
  watchlistSource(() => listWatched(watchlistStore(vault))),
  recentLookupSource(recentLookups(vault)),
]);
