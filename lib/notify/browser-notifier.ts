/**
 * The browser-backed Notifier: a system notification, shown only while the
 * user grants the optional `notifications` permission, whose click opens its
 * target (the dashboard at a metric, or the score window: an address's score, or the watchlist).
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { inTurn } from '@/lib/async/in-turn.ts';
import { openScoreWindow } from '@/lib/score/score-window.ts';
import type { ScorePagePath } from '@/lib/score/menu.ts';
import type { NotificationTarget, Notifier, UserNotification } from './notifier.ts';
import { notificationsGranted } from './permission.ts';
import { targetPath } from './target.ts';

/**
 * Where each shown notification leads, by id. In storage.session: the worker
 * that handles a click may be a fresh one, and content scripts cannot read
 * or write it (a forged target could otherwise open any page on a click).
 */
export const notificationTargetsItem = storage.defineItem<Record<string, NotificationTarget>>('session:notificationTargets', { fallback: {} });

/**
 * Writes to the targets run one at a time across every notifier of this
 * context (alerts and the watchlist each have one): a read-merge-write
 * overlapping another would drop the other's target.
 */
const targetWrite = inTurn();
function rememberTarget(id: string, target: NotificationTarget): Promise<void> {
  return targetWrite(async () => notificationTargetsItem.setValue({ ...(await notificationTargetsItem.getValue()), [id]: target }));
}

/** The slice of `notifications` and `permissions` used (fakeBrowser has no `permissions`). */
export interface NotificationsApi {
  granted(): Promise<boolean>;
  create(id: string, options: { type: 'basic'; iconUrl: string; title: string; message: string }): Promise<unknown>;
  clear(id: string): Promise<unknown>;
}

/**
 * `browser.notifications` exists only while the permission is granted (it is
 * optional), so it is looked up on each use, never held.
 */
export function browserNotificationsApi(): NotificationsApi {
  const api = () => {
    const n = (browser as { notifications?: typeof browser.notifications }).notifications;
    if (!n) throw new Error('Notifications are not allowed.');
    return n;
  };
  return {
    granted: notificationsGranted,
    create: (id, options) => api().create(id, options),
    clear: (id) => api().clear(id),
  };
}

export function browserNotifier(api: NotificationsApi = browserNotificationsApi(), iconUrl = () => browser.runtime.getURL('/icon/128.png')): Notifier {
  return {
    async show(n: UserNotification) {
      if (!(await api.granted())) return false;
      // The target first: a click can come as soon as the notification shows.
      await rememberTarget(n.id, n.target);
      await api.create(n.id, { type: 'basic', iconUrl: iconUrl(), title: n.title, message: n.message });
      return true;
    },
  };
}

/** What opening a target takes (fakeable). */
export interface TargetOpener {
  openTab(url: string): Promise<unknown>;
  openScore(path: ScorePagePath): Promise<unknown>;
}

export const browserTargetOpener: TargetOpener = {
  openTab: (url) => browser.tabs.create({ url }),
  openScore: (path) => openScoreWindow(path),
};

/** A click on a notification: opens where it leads, and clears it. Unknown ids (not ours, or forgotten) do nothing but clear. */
export async function openNotification(id: string, api: NotificationsApi, opener: TargetOpener = browserTargetOpener): Promise<boolean> {
  const targets = await notificationTargetsItem.getValue();
  const target = Object.hasOwn(targets, id) ? targets[id] : undefined;
  await api.clear(id).catch(() => undefined);
  if (!target) return false;
  const path = targetPath(target);
  // The score page and the watchlist (on it) open in the score window, as from the menu.
  if (target.page === 'score' || target.page === 'watchlist') await opener.openScore(path as ScorePagePath);
  else await opener.openTab(browser.runtime.getURL(path as '/dashboard.html'));
  return true;
}
