/**
 * The part of `browser.alarms` the scheduled features use (the badge, metric
 * alerts), so their schedules can run on a fake clock in tests.
 */
export interface AlarmsPort {
  /** Periodic (`periodInMinutes`, first after `delayInMinutes`), or once at `when` (epoch ms). */
  create(name: string, info: { periodInMinutes?: number; delayInMinutes?: number; when?: number }): void | Promise<void>;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ name: string; periodInMinutes?: number; scheduledTime?: number } | undefined>;
  onAlarm: { addListener(cb: (alarm: { name: string }) => void): void };
}
