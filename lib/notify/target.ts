/**
 * Where a notification's click leads, as an extension page path, and back:
 * the dashboard reads its project and metric from the hash. Pure.
 */
import { SCORE_PAGE } from '@/lib/score/menu.ts';
import type { NotificationTarget } from './notifier.ts';

/** `dashboard.html#project=nebula&metric=dailyUsers` or `score.html?address=0x…&model=credit-v1`. */
export function targetPath(target: NotificationTarget): string {
  if (target.page === 'score') {
    return `${SCORE_PAGE}?${new URLSearchParams({ address: target.address, model: target.model })}`;
  }
  const hash = new URLSearchParams({ project: target.project, ...(target.metric ? { metric: target.metric } : {}) });
  return `/dashboard.html#${hash}`;
}

/** The dashboard's target from its location hash, or null when it names no project. */
export function parseDashboardHash(hash: string): { project: string; metric?: string } | null {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const project = q.get('project')?.trim();
  if (!project) return null;
  const metric = q.get('metric')?.trim();
  return metric ? { project, metric } : { project };
}
