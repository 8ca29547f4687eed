// @vitest-environment happy-dom
/**
 * A chart's x axis stays within the days it draws, for any range picked: a
 * single day (today alone) included, which uPlot would otherwise widen by
 * 86,400 of its time unit (1,000 days in seconds: 2027–2029 for a day of 2026).
 */
import { describe, expect, it } from 'vitest';
import { dayAxisRange } from '@/components/stats/uplot-chart.ts';
import { formatDayTicks } from '@/lib/format/number.ts';

const DAY = 86_400;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('the x axis of a chart of days', () => {
  it('runs from the first day drawn to the last', () => {
    const x = [day('2026-10-28'), day('2026-11-26'), day('2026-11-27')];
    expect(dayAxisRange(x)).toEqual([day('2026-10-28'), day('2026-11-27')]);
    expect(dayAxisRange([day('2026-11-26'), day('2026-11-27')])).toEqual([day('2026-11-26'), day('2026-11-27')]);
  });

  it('gives a single day the width of that day, centred on it: its one whole-day tick is that day', () => {
    const today = day('2026-11-27');
    const [min, max] = dayAxisRange([today]) as [number, number];
    expect(max - min).toBe(DAY);
    // Whole-day ticks within it (the axis never ticks finer than a day): only the day itself.
    const ticks = [Math.ceil(min / DAY) * DAY].filter((t) => t <= max);
    expect(ticks).toEqual([today]);
    expect(formatDayTicks(ticks, DAY, 'en-US')).toEqual(['11/27\n2026']);
  });

  it('has no range without days', () => {
    expect(dayAxisRange([])).toEqual([null, null]);
  });
});
