/**
 * After the user rejects a site's request (Reject, or closing the window), the
 * site must wait before a new consent window may open, longer each time:
 * 10 s, 30 s, 90 s … up to 15 min, forgotten after an hour without one. Until
 * then its requests are refused at once (4001), so a page cannot flood the user
 * with windows, or ask again and again hoping for a misplaced click.
 */
import { PAGE_MESSAGES } from './page-messages.ts';

export interface Cooldown {
  /** Rejections in a row (none more than FORGET_AFTER_MS apart). */
  readonly rejections: number;
  readonly lastAt: number;
  /** No consent window for this origin before this time (epoch ms). */
  readonly until: number;
}

export const COOLDOWN_FIRST_MS = 10_000;
const FACTOR = 3;
export const COOLDOWN_MAX_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 60 * 60_000;

export function afterRejection(prev: Cooldown | undefined, now: number): Cooldown {
  const rejections = prev && now - prev.lastAt < FORGET_AFTER_MS ? prev.rejections + 1 : 1;
  const wait = Math.min(COOLDOWN_MAX_MS, COOLDOWN_FIRST_MS * FACTOR ** (rejections - 1));
  return { rejections, lastAt: now, until: now + wait };
}

export function isCoolingDown(c: Cooldown | undefined, now: number): boolean {
  return c !== undefined && now < c.until;
}

/** What a refused page is told (the same code as a rejection: it was one, a moment ago). */
export const COOLING_DOWN_MESSAGE = PAGE_MESSAGES.coolingDown;
export const BLOCKED_MESSAGE = PAGE_MESSAGES.blocked;
