import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { openScoreWindow } from '@/lib/score/score-window.ts';
import type { NotificationTarget, Notifier } from './notifier.ts';
import { notificationsGranted } from './permission.ts';

/**
 * The Notifier on `browser.notifications` (worker only), kept minimal for the
 * watchlist: shows a notification when the user granted the optional
 * permission, and a click opens what it is about. The target of each shown
 * notification waits in storage.session (content scripts cannot read it, and
 * it is gone with the browser session, as the notifications are), so a click
 * that wakes a stopped worker still knows where to go.
 */

const targetsItem = storage.defineItem<Record<string, NotificationTarget>>('session:notificationTargets', { fallback: {} });

const ICON = '/icon/128.png';

/** The extension page a target opens. */
export function targetPath(t: NotificationTarget): string {
  if (t.page === 'score') return `/score.html?${new URLSearchParams({ address: t.address, scoreId: t.model })}`;
  return `/dashboard.html?${new URLSearchParams({ project: t.project })}${t.metric ? `#${encodeURIComponent(t.metric)}` : ''}`;
}

/** The notifications API, absent until the optional permission is granted (Chromium leaves the namespace out). */
function notificationsApi(): typeof browser.notifications | undefined {
  const api: typeof browser.notifications | undefined = browser.notifications;
  return api;
}

export function browserNotifier(): Notifier {
  return {
    async show(n) {
      const api = notificationsApi();
      if (!api || !(await notificationsGranted())) return false;
      // Ids are stable per subject, so the map holds one entry per subject at most.
      await targetsItem.setValue({ ...(await targetsItem.getValue()), [n.id]: n.target });
      await api.create(n.id, { type: 'basic', iconUrl: browser.runtime.getURL(ICON), title: n.title, message: n.message });
      return true;
    },
  };
}

async function openTarget(id: string): Promise<void> {
  const targets = await targetsItem.getValue();
  const target = targets[id];
  if (!target) return;
  await notificationsApi()?.clear(id);
  const { [id]: _, ...rest } = targets;
  await targetsItem.setValue(rest);
  const path = targetPath(target);
  if (target.page === 'score') await openScoreWindow(path as `/score.html?${string}`);
  else await browser.tabs.create({ url: browser.runtime.getURL(path as '/dashboard.html') });
}

const onClicked = (id: string) => {
  openTarget(id).catch((e: unknown) => console.error('Vantage: could not open what a notification is about', e));
};

/**
 * Registers the click listener at worker start (synchronously: a click wakes
 * a stopped worker), and again when the permission is granted later, since
 * the namespace only exists from then on.
 */
export function listenToNotificationClicks(): void {
  const attach = () => {
    const api = notificationsApi();
    if (api && !api.onClicked.hasListener(onClicked)) api.onClicked.addListener(onClicked);
  };
  attach();
  browser.permissions.onAdded.addListener(attach);
}
