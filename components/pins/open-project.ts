import { loadSettings } from '@/lib/settings/store.ts';
import { pagePaintSnapshot } from '@/lib/stats/page-client.ts';
import { initialUiState, readUiState, statsUiItem, withProject } from '@/lib/stats/ui-state.ts';

/**
 * Makes `project` the one the Stats view shows, as if chosen in its filter
 * bar (first among the recent ones; the other filters and the section kept):
 * stored, and in the paint snapshot the Stats tab's first render reads.
 */
export async function showProjectInStats(project: string): Promise<void> {
  const stored = await readUiState();
  const next = withProject(stored ?? initialUiState(null, await loadSettings()), project);
  pagePaintSnapshot().rememberUi(next);
  await statsUiItem.setValue(next);
}
