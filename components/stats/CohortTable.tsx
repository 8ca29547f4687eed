import type { RetentionView } from '@/lib/normalize/normalize.ts';
import { retentionHeat } from '@/lib/stats/view-models.ts';
import { formatDay, formatNumber, formatPercent } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { useStatsContext } from './context.ts';
import { Num } from './Num.tsx';

/**
 * Retention cohorts, each cell shaded by its rate (relative to the best
 * cell). In the popup, compact enough that every period fits its width: the
 * periods abbreviated ("D1", the full "Day 1" on hover and for screen
 * readers) and the cohorts by their short date (the full one on hover).
 */
export function CohortTable({ view }: { view: RetentionView }) {
  const heat = retentionHeat(view);
  const compact = useStatsContext().layout === 'popup';
  return (
    <ScrollBox label={t('stats.cohort.label')}>
      <table class={compact ? 'cohort cohort-compact' : 'cohort'}>
        <caption class="sr-only">{t('stats.cohort.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.cohort.cohort')}</th>
            <th scope="col" class="n">{t('stats.cohort.users')}</th>
            {heat.periods.map((p) => {
              const full = t('stats.cohort.day', { n: p });
              return (
                <th key={p} scope="col" class="n" data-period={p} aria-label={full}>
                  {compact ? <abbr title={full}>{t('stats.cohort.dayShort', { n: p })}</abbr> : full}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {heat.rows.map((r) => (
            <tr key={r.cohort}>
              <th scope="row">{compact ? <time dateTime={r.cohort} title={r.cohort}>{formatDay(r.start)}</time> : r.cohort}</th>
              <td class="n">
                <Num value={r.total} compact={compact} />
              </td>
              {r.cells.map((c, i) => (
                <td
                  key={i}
                  class="n heat"
                  style={{ '--heat': c.heat.toFixed(3) }}
                  title={c.count === null ? t('stats.cohort.noData') : t('stats.cohort.usersCount', c.count, { count: formatNumber(c.count) })}
                >
                  {c.rate === null ? '' : formatPercent(c.rate)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
