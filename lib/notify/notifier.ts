/**
 * The one way a worker feature tells the user something while no Vantage
 * page is open: a system notification that opens the page it is about.
 * Metric alerts (lib/alerts) and the address watchlist (lib/watch) both go
 * through a `Notifier`; the browser-backed one lives next to this file.
 */

/** Where a click on a notification takes the user. */
export type NotificationTarget =
  /** The dashboard of a project, scrolled to one metric when given. */
  | { readonly page: 'dashboard'; readonly project: string; readonly metric?: string }
  /** The score window for one address under one model. */
  | { readonly page: 'score'; readonly address: string; readonly model: string }
  /** The watchlist: the score window with no address looked up, its list of watched addresses below. */
  | { readonly page: 'watchlist' };

export interface UserNotification {
  /** Stable per subject (a rule, an address, a digest): a newer notification with the same id replaces the older. */
  readonly id: string;
  readonly title: string;
  readonly message: string;
  readonly target: NotificationTarget;
}

export interface Notifier {
  /** Shows it when the user granted `notifications`; answers whether it was shown. */
  show(n: UserNotification): Promise<boolean>;
}
