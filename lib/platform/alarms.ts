/**
 * The part of `browser.alarms` the scheduled features use (the badge, metric
 * alerts), so their schedules can run on a fake clock in tests.
 */
export interface AlarmsPort {
  create(name: string, info: { periodInMinutes: number; delayInMinutes?: number }): void | Promise<void>;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ name: string; periodInMinutes?: number } | undefined>;
  onAlarm: { addListener(cb: (alarm: { name: string }) => void): void };
}
