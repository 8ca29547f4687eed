import { ApiError } from '@/lib/api/errors.ts';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import type { Route } from '@/lib/messaging/router.ts';
import { onBrowserStartOrInstall } from '@/lib/platform/lifecycle.ts';
import { selectionMenus } from '@/lib/platform/menus.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { createScoreLookup, type ScoreLookup, type ScoreLookupDeps, type ScoreLookupRequest } from './lookup.ts';
import { createScoreMenu, scoreMenuTarget } from './menu.ts';
import { recentLookups } from './recent.ts';
import { openScoreWindow } from './score-window.ts';

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    /** Score of any address under a model (calculateCustomScore), cached briefly. */
    'score.lookup': { request: ScoreLookupRequest; response: ScoreLookup };
  }
}

function parseLookupRequest(payload: unknown): ScoreLookupRequest {
  const p = (payload ?? {}) as { address?: unknown; scoreId?: unknown };
  if (typeof p.address !== 'string' || (p.scoreId !== undefined && typeof p.scoreId !== 'string')) {
    throw new ApiError({ kind: 'invalid-params', message: 'A score lookup needs an address and, optionally, a model.' });
  }
  return p.scoreId === undefined ? { address: p.address } : { address: p.address, scoreId: p.scoreId };
}

/** Extension pages only: a web page has no business spending the user's key on lookups. */
export function scoreRoutes(deps: ScoreLookupDeps): { 'score.lookup': Route<'score.lookup'> } {
  const lookup = createScoreLookup(deps);
  return {
    'score.lookup': { allow: ['extension-page'], parse: parseLookupRequest, handle: (payload) => lookup(payload) },
  };
}

/**
 * "Check score of …" on selected text (./menu.ts): creates the item on install
 * and start-up, and opens the answer in the score window (./score-window.ts).
 */
function listenToScoreMenu(): void {
  const menus = selectionMenus();
  if (!menus) return; // Browsers without context menus (Firefox for Android).
  const create = () => {
    createScoreMenu(menus).catch((e: unknown) => console.error('Vantage: could not create the score menu', e));
  };
  // Chrome keeps menu items across restarts; Firefox may not: recreating is harmless.
  onBrowserStartOrInstall(create);
  menus.onClicked.addListener((info) => {
    const path = scoreMenuTarget(info);
    if (path) openScoreWindow(path).catch((e: unknown) => console.error('Vantage: could not open the score window', e));
  });
}

/** Score lookups in the worker: the lookup route (remembering recent lookups, sealed) and the selection menu. */
export const scoreWorker: WorkerFeature = {
  name: 'score',
  init: ({ cache, vault }) => {
    const recent = recentLookups(vault);
    return {
      routes: scoreRoutes({ cache, settings: loadSettings, remember: (e) => recent.remember(e) }),
      listen: listenToScoreMenu,
    };
  },
};
