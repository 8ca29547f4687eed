/**
 * What the changes beside the numbers compare, said once above the blocks, by
 * the rule of headline numbers (lib/stats/headline.ts): "Changes: the last 30
 * complete days against the 30 before.", or, for a range with no complete day
 * yet, that its numbers are of today so far, with no change. It follows the
 * range the user picked.
 */
import { t } from '@/lib/i18n/index.ts';
import { formatNumber } from '@/lib/format/number.ts';
import type { TimeRange } from '@/lib/stats/query.ts';
import { useNow } from './context.ts';
import { useHeadlineBasis } from './use-change.ts';

export function ChangeBasis({ range }: { range: TimeRange }) {
  const basis = useHeadlineBasis(range, useNow());
  const days = basis.kind === 'complete' ? basis.periods.days : 0;
  return (
    <p class="hint change-basis" data-change-days={days}>
      {days ? t('stats.change.basis', days, { count: formatNumber(days) }) : t('stats.change.basisSoFar')}
    </p>
  );
}
