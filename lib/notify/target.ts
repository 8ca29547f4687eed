/**
 * Where a notification's click leads, as an extension page path. Pure.
 * The dashboard's links are lib/stats/dashboard-link.ts's, which the page reads back.
 */
import { scorePageFor } from '@/lib/score/menu.ts';
import { dashboardUrlFor } from '@/lib/stats/dashboard-link.ts';
import type { NotificationTarget } from './notifier.ts';

/** `dashboard.html#project=nebula&metric=dailyUsers` or `score.html?address=0x…&model=credit-v1`. */
export function targetPath(target: NotificationTarget): string {
  return target.page === 'score' ? scorePageFor(target.address, target.model) : dashboardUrlFor(target);
}
