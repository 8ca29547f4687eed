import type { RetentionView } from '@/lib/normalize/normalize.ts';
import { retentionHeat } from '@/lib/stats/view-models.ts';
import { formatNumber, formatPercent } from '@/lib/format/number.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { Num } from './Num.tsx';

/** Retention cohorts, each cell shaded by its rate (relative to the best cell). */
export function CohortTable({ view, unit = 'Day' }: { view: RetentionView; unit?: string }) {
  const heat = retentionHeat(view);
  return (
    <ScrollBox label="Retention by cohort">
      <table class="cohort">
        <caption class="sr-only">Retention by cohort: share of each cohort back in each period</caption>
        <thead>
          <tr>
            <th scope="col">Cohort</th>
            <th scope="col" class="n">Users</th>
            {heat.periods.map((p) => (
              <th key={p} scope="col" class="n">
                {unit} {p}
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
                  title={c.count === null ? 'no data' : `${formatNumber(c.count)} users`}
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
