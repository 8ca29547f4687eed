import type { RetentionView } from '@/lib/normalize/normalize.ts';
import { retentionHeat } from '@/lib/stats/view-models.ts';
import { formatDay, formatNumber, formatPercent } from '@/lib/format/number.ts';
import { useStatsContext } from './context.ts';
import { Num } from './Num.tsx';

/**
 * Retention cohorts, each cell shaded by its rate (relative to the best
 * cell). In the popup, compact enough that every period fits its width: the
 * periods abbreviated ("D1", the full "Day 1" on hover and for screen
 * readers) and the cohorts by their short date (the full one on hover).
 */
export function CohortTable({ view, unit = 'Day' }: { view: RetentionView; unit?: string }) {
  const heat = retentionHeat(view);
  const compact = useStatsContext().layout === 'popup';
  return (
    <div class="table-wrap">
      <table class={compact ? 'cohort cohort-compact' : 'cohort'}>
        <caption class="sr-only">Retention by cohort: share of each cohort back in each period</caption>
        <thead>
          <tr>
            <th scope="col">Cohort</th>
            <th scope="col" class="n">Users</th>
            {heat.periods.map((p) => (
              <th key={p} scope="col" class="n" data-period={p} aria-label={`${unit} ${p}`}>
                {compact ? <abbr title={`${unit} ${p}`}>{`${unit.slice(0, 1)}${p}`}</abbr> : `${unit} ${p}`}
              </th>
            ))}
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
                  title={c.count === null ? 'no data' : `${formatNumber(c.count)} users`}
                >
                  {c.rate === null ? '' : formatPercent(c.rate)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
