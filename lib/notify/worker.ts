/**
 * The worker's side of notifications: a click opens the notification's
 * target. Registered synchronously at start, so a worker woken by the click
 * sees it; `notifications` is optional, and its API appears only once
 * granted, so the listener is also added when the user grants it.
 */
import { browser } from 'wxt/browser';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { browserNotificationsApi, openNotification, type NotificationsApi, type TargetOpener } from './browser-notifier.ts';
import { NOTIFICATIONS_PERMISSION } from './permission.ts';

/** The events this listens to; absent while the permission is not granted. */
export interface NotificationEvents {
  onClicked?: { addListener(cb: (id: string) => void): void; hasListener(cb: (id: string) => void): boolean };
}

export function listenForClicks(events: () => NotificationEvents | undefined, api: NotificationsApi, opener?: TargetOpener): () => void {
  const onClicked = (id: string) => {
    openNotification(id, api, opener).catch((e: unknown) => console.error('Vantage: could not open the notification\'s page:', String(e)));
  };
  const attach = () => {
    const e = events()?.onClicked;
    if (e && !e.hasListener(onClicked)) e.addListener(onClicked);
  };
  attach();
  return attach;
}

export const notifyWorker: WorkerFeature = {
  name: 'notify',
  init: () => ({
    listen: () => {
      const attach = listenForClicks(() => (browser as { notifications?: NotificationEvents }).notifications, browserNotificationsApi());
      // Granted later (from the alert form): the API exists from then on.
      browser.permissions?.onAdded?.addListener((p) => {
        if (p.permissions?.includes(NOTIFICATIONS_PERMISSION)) attach();
      });
    },
  }),
};
