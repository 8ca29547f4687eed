/**
 * The watchlist's schedule: one periodic alarm while anything is watched,
 * none otherwise. Alarms outlive the worker (an alarm wakes a stopped one);
 * the worker repairs this one at browser start and after an update.
 */
import { syncPeriodicAlarm, type AlarmsPort } from '@/lib/platform/alarms.ts';

export const WATCH_ALARM = 'vantage-watch';
/** Every 6 h: a score built from on-chain history moves slowly, and each check costs one request per address. */
export const WATCH_PERIOD_MINUTES = 6 * 60;

/** The part of `browser.alarms` the schedule uses (fakeable). */
export type WatchAlarms = Pick<AlarmsPort, 'create' | 'clear' | 'get'>;

/** Makes the alarm match the list: present (first firing one period from now) while anything is watched. */
export async function syncWatchAlarm(alarms: WatchAlarms, watching: boolean, periodMinutes = WATCH_PERIOD_MINUTES): Promise<void> {
  await syncPeriodicAlarm(alarms, WATCH_ALARM, watching ? periodMinutes : null);
}
