import { browser } from 'wxt/browser';

/**
 * The optional `notifications` permission (docs/permissions.md): asked for
 * when the user first asks to be told of something (the "Watch" button),
 * never at install. Without it, everything works but nothing pops up.
 */
const NOTIFICATIONS = { permissions: ['notifications' as const] };

export async function notificationsGranted(): Promise<boolean> {
  return browser.permissions.contains(NOTIFICATIONS).catch(() => false);
}

/**
 * Asks for it. Call it first thing in a click handler, before any await:
 * browsers grant permission requests only during the user's gesture.
 * Answers whether it is granted (false when refused or not askable here).
 */
export async function requestNotifications(): Promise<boolean> {
  // Refused outright (no gesture, or a build that holds it as a required permission): say whether it is held anyway.
  return browser.permissions.request(NOTIFICATIONS).catch(() => notificationsGranted());
}
