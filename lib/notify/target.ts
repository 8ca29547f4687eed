/**
 * Where a notification's click leads, as an extension page path. Pure.
 * The dashboard's links are lib/stats/dashboard-link.ts's, which the page reads back.
 */
import { SCORE_PAGE, scorePageFor } from '@/lib/score/menu.ts';
import { dashboardUrlFor } from '@/lib/stats/dashboard-link.ts';
import type { NotificationTarget } from './notifier.ts';

/** `dashboard.html#project=nebula&metric=dailyUsers`, `score.html?address=0x…&model=credit-v1`, or `score.html` (the watchlist). */
export function targetPath(target: NotificationTarget): string {
  switch (target.page) {
    case 'score':
      return scorePageFor(target.address, target.model);
    case 'watchlist':
      return SCORE_PAGE;
    case 'dashboard':
      return dashboardUrlFor(target);
  }
}
