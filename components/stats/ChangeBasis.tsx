/**
 * What the changes beside the numbers compare, said once above the blocks:
 * "Changes: the last 30 complete days against the 30 before." (or that the
 * range has no complete day yet). It follows the range the user picked.
 */
import { t } from '@/lib/i18n/index.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { comparedPeriods } from '@/lib/stats/periods.ts';
import type { TimeRange } from '@/lib/stats/query.ts';
import { useNow } from './context.ts';

export function ChangeBasis({ range }: { range: TimeRange }) {
  const periods = comparedPeriods(range, useNow());
  return (
    <p class="hint change-basis" data-change-days={periods?.days ?? 0}>
      {periods ? t('stats.change.basis', periods.days, { count: formatNumber(periods.days) }) : t('stats.change.noCurrent')}
    </p>
  );
}
