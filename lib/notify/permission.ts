import { browser } from 'wxt/browser';

export const NOTIFICATIONS_PERMISSION = 'notifications';

/**
 * Asks for the optional `notifications` permission. Call it first thing in a
 * click handler, before any other await: Firefox honours a request only within
 * the click's own task. Already granted: true at once, without a prompt.
 */
export async function requestNotifications(): Promise<boolean> {
  try {
    return await browser.permissions.request({ permissions: [NOTIFICATIONS_PERMISSION] });
  } catch {
    return false;
  }
}

export async function notificationsGranted(): Promise<boolean> {
  try {
    return await browser.permissions.contains({ permissions: [NOTIFICATIONS_PERMISSION] });
  } catch {
    return false;
  }
}
