// @vitest-environment happy-dom
import { options, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScheduleForm } from '@/components/alerts/AlertsOptions.tsx';
import { DEFAULT_SCHEDULE, type AlertSchedule } from '@/lib/alerts/schedule.ts';
import { useRenderRoot } from '../render-root.ts';

/**
 * Options › Alerts' schedule form, with Preact's renders synchronous and its effects (which run after a paint)
 * run when the test says: what a user chooses before or after them, and what another page saves meanwhile.
 */
const root = useRenderRoot();
let runEffects: (() => void) | undefined;
const preact = { ...options };
beforeEach(() => {
  options.debounceRendering = (render) => render();
  options.requestAnimationFrame = (effects) => void (runEffects = effects);
});
afterEach(() => {
  Object.assign(options, { debounceRendering: preact.debounceRendering, requestAnimationFrame: preact.requestAnimationFrame });
  runEffects = undefined;
});

const period = () => root().querySelector<HTMLSelectElement>('#alerts-period')!;
function choosePeriod(minutes: number) {
  period().value = String(minutes);
  period().dispatchEvent(new Event('change', { bubbles: true }));
}
const show = (schedule: AlertSchedule) => render(<ScheduleForm schedule={schedule} />, root());

describe('alert schedule form', () => {
  it('keeps a choice made before its first effects ran (it was put back to the stored schedule)', () => {
    show(DEFAULT_SCHEDULE);
    expect(period().value).toBe(String(DEFAULT_SCHEDULE.periodMinutes));
    choosePeriod(120);
    runEffects?.();
    expect(period().value).toBe('120');
  });

  it('shows a schedule saved elsewhere once it is stored, and keeps the draft while the stored one stays the same', () => {
    show(DEFAULT_SCHEDULE);
    runEffects?.();
    choosePeriod(240);
    // The same stored schedule read again (the worker wrote the alerts' state): the choice stays.
    show({ ...DEFAULT_SCHEDULE });
    runEffects?.();
    expect(period().value).toBe('240');
    // Another page saved a new schedule: it is what is shown.
    show({ ...DEFAULT_SCHEDULE, periodMinutes: 30 });
    runEffects?.();
    expect(period().value).toBe('30');
  });
});
