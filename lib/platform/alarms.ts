/**
 * The part of `browser.alarms` the scheduled features use (the badge, metric
 * alerts, the watchlist), so their schedules can run on a fake clock in tests.
 */
export interface AlarmsPort {
  /** Periodic (`periodInMinutes`, first after `delayInMinutes`), or once at `when` (epoch ms). */
  create(name: string, info: { periodInMinutes?: number; delayInMinutes?: number; when?: number }): void | Promise<void>;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ name: string; periodInMinutes?: number; scheduledTime?: number } | undefined>;
  onAlarm: { addListener(cb: (alarm: { name: string }) => void): void };
}

/**
 * Makes a periodic alarm match what is wanted: present at `periodMinutes`
 * (made afresh only when its period differs, first firing one period from
 * then), or gone for null. Answers whether it changed anything.
 */
export async function syncPeriodicAlarm(alarms: Pick<AlarmsPort, 'create' | 'clear' | 'get'>, name: string, periodMinutes: number | null): Promise<boolean> {
  if (periodMinutes === null) return alarms.clear(name);
  if ((await alarms.get(name))?.periodInMinutes === periodMinutes) return false;
  await alarms.create(name, { periodInMinutes: periodMinutes, delayInMinutes: periodMinutes });
  return true;
}
