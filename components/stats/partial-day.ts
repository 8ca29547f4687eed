/**
 * What a block knows about the day not over yet (lib/stats/partial-day.ts):
 * when its answer was fetched, handed down by Block, and the words for a
 * partial day.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { formatClockUtc } from '@/lib/format/date.ts';
import { formatDay } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { partialDayName, type PartialDayName } from '@/lib/stats/partial-day.ts';
import { useNow } from './context.ts';

/** When the answer a block shows was fetched (its cache entry's storedAt, epoch ms); null outside a block. */
export const AsOf = createContext<number | null>(null);

export function useAsOf(): number | null {
  return useContext(AsOf);
}

/** "today so far", or for an answer from an earlier day "Nov 23 until 23:50 UTC". */
function partialDayText(name: PartialDayName): string {
  if (name.today) return t('stats.chart.todaySoFar');
  return t('stats.chart.dayUntil', { day: formatDay(name.day), time: formatClockUtc(name.until) });
}

/**
 * How the day starting at `day` (Unix seconds) is said when it was not over as this block's answer was
 * fetched ("today so far"); null outside a block or without a day. Whether it was over is the caller's test.
 */
export function useDayNotOverText(day: number | null | undefined): string | null {
  const asOf = useAsOf();
  const now = useNow();
  return asOf === null || day === null || day === undefined ? null : partialDayText(partialDayName(day, asOf, now));
}
