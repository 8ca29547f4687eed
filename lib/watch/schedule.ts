/**
 * The watchlist's schedule: one periodic alarm while anything is watched,
 * none otherwise. Alarms outlive the worker (an alarm wakes a stopped one);
 * the worker repairs this one at browser start and after an update.
 */

export const WATCH_ALARM = 'vantage-watch';
/** Every 6 h: a score built from on-chain history moves slowly, and each check costs one request per address. */
export const WATCH_PERIOD_MINUTES = 6 * 60;

/** The part of `browser.alarms` the schedule uses (fakeable). */
export interface WatchAlarms {
  create(name: string, info: { periodInMinutes: number; delayInMinutes?: number }): void | Promise<void>;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ name: string; periodInMinutes?: number } | undefined>;
}

/** Makes the alarm match the list: present (first firing one period from now) while anything is watched. */
export async function syncWatchAlarm(alarms: WatchAlarms, watching: boolean, periodMinutes = WATCH_PERIOD_MINUTES): Promise<void> {
  if (!watching) {
    await alarms.clear(WATCH_ALARM);
    return;
  }
  const alarm = await alarms.get(WATCH_ALARM);
  if (alarm?.periodInMinutes === periodMinutes) return;
  await alarms.create(WATCH_ALARM, { periodInMinutes: periodMinutes, delayInMinutes: periodMinutes });
}
