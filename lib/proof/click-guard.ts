/**
 * Approve takes clicks only once the consent window has been visible and
 * focused for a moment, and again only after the same moment when it loses
 * either. A page cannot time a request so that the window appears under a
 * click the user meant for the page (click-jacking by timing).
 */
export const APPROVE_ARM_MS = 600;

export interface ClickGuard {
  /** The window's attention now: visible and focused. */
  update(attentive: boolean): void;
  dispose(): void;
}

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

export function createClickGuard(onArmed: (armed: boolean) => void, delayMs = APPROVE_ARM_MS, timers: Timers = realTimers): ClickGuard {
  let armed = false;
  let timer: unknown;
  const stopTimer = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
  };
  return {
    update(attentive) {
      if (!attentive) {
        stopTimer();
        if (armed) onArmed((armed = false));
        return;
      }
      if (armed || timer !== undefined) return;
      timer = timers.set(() => {
        timer = undefined;
        onArmed((armed = true));
      }, delayMs);
    },
    dispose: stopTimer,
  };
}
