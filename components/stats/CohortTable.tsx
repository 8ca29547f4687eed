import type { RetentionView } from '@/lib/normalize/normalize.ts';
import { retentionHeat } from '@/lib/stats/view-models.ts';
import { formatNumber, formatPercent } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { Num } from './Num.tsx';

/** Retention cohorts, each cell shaded by its rate (relative to the best cell). */
export function CohortTable({ view }: { view: RetentionView }) {
  const heat = retentionHeat(view);
  return (
    <ScrollBox label="Retention by cohort">
      <table class="cohort">
        <caption class="sr-only">{t('stats.cohort.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.cohort.cohort')}</th>
            <th scope="col" class="n">{t('stats.cohort.users')}</th>
            {heat.periods.map((p) => (
              <th key={p} scope="col" class="n">
                {t('stats.cohort.day', { n: p })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heat.rows.map((r) => (
            <tr key={r.cohort}>
              <th scope="row">{r.cohort}</th>
              <td class="n">
                <Num value={r.total} />
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
