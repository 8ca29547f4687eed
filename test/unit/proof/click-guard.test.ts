import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPROVE_ARM_MS, createClickGuard } from '@/lib/proof/click-guard.ts';

describe('Approve click guard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('arms only after the window was visible and focused for the whole moment', () => {
    const seen: boolean[] = [];
    const g = createClickGuard((a) => seen.push(a));
    g.update(true);
    vi.advanceTimersByTime(APPROVE_ARM_MS - 1);
    expect(seen).toEqual([]);
    // Losing focus restarts the wait.
    g.update(false);
    g.update(true);
    vi.advanceTimersByTime(APPROVE_ARM_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([true]);
    g.update(true);
    vi.advanceTimersByTime(APPROVE_ARM_MS);
    expect(seen).toEqual([true]);
  });

  it('disarms at once when the window loses attention, and re-arms after the moment', () => {
    const seen: boolean[] = [];
    const g = createClickGuard((a) => seen.push(a));
    g.update(true);
    vi.advanceTimersByTime(APPROVE_ARM_MS);
    g.update(false);
    expect(seen).toEqual([true, false]);
    g.update(true);
    vi.advanceTimersByTime(APPROVE_ARM_MS);
    expect(seen).toEqual([true, false, true]);
    g.dispose();
  });
});
