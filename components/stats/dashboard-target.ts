/**
 * The dashboard opened at a project and a metric (a notification's click:
 * `dashboard.html#project=nebula&metric=dailyUsers`): the project is made the
 * current one before the view mounts, and the metric's block is scrolled to
 * and focused once it is there (lower sections mount when scrolled to).
 */
import { parseDashboardHash } from '@/lib/notify/target.ts';
import { isStatMetric, STAT_METRICS } from '@/lib/stats/metrics.ts';
import { defaultUiState, readUiState, rememberProject, statsUiItem } from '@/lib/stats/ui-state.ts';

/** Makes the hash's project the current one; answers the metric to show, if any. */
export async function adoptDashboardTarget(hash: string): Promise<string | null> {
  const target = parseDashboardHash(hash);
  if (!target) return null;
  const stored = await readUiState();
  if (stored?.filters.project !== target.project) {
    const base = stored ?? defaultUiState;
    // Chain, token and DApp belong to the project they were chosen for.
    await statsUiItem.setValue({
      ...base,
      filters: { ...base.filters, project: target.project, chainId: '', tokenId: '', dapp: '' },
      recentProjects: rememberProject(base.recentProjects, target.project),
    });
  }
  return target.metric ?? null;
}

/** Scrolls to the metric's block and focuses it, waiting (10 s at most) for its section to mount and its numbers to show. */
export function focusMetricBlock(metric: string, root: ParentNode & Node = document.body): void {
  if (!isStatMetric(metric)) return;
  const { block, section } = STAT_METRICS[metric];
  const find = () => root.querySelector<HTMLElement>(`[data-block="${block}"]`);
  let focused = false;
  const show = (el: HTMLElement) => {
    el.scrollIntoView({ block: 'start' });
    if (focused) return;
    focused = true;
    el.tabIndex = -1;
    el.dataset.target = '';
    el.focus({ preventScroll: true });
  };
  const settle = () => {
    const el = find();
    if (!el) {
      // Lower sections mount when scrolled near.
      root.querySelector(`#h-${section}`)?.scrollIntoView({ block: 'start' });
      return false;
    }
    show(el);
    return el.dataset.state !== 'loading';
  };
  if (settle()) return;
  const mo = new MutationObserver(() => settle() && stop());
  const timer = setTimeout(() => stop(), 10_000);
  const stop = () => {
    mo.disconnect();
    clearTimeout(timer);
  };
  mo.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
}
