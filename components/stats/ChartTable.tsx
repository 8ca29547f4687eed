import { formatNumber } from '@/lib/format/number.ts';
import { chartDayName, type PartialDays } from '@/lib/stats/chart-summary.ts';
import { t } from '@/lib/i18n/index.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';

/** A chart's numbers as a table, one row per day, a day not over said as such (loaded only when asked for: Chart.tsx). */
export function ChartTable({ series, label, partial }: { series: TimeSeries; label: string; partial: PartialDays | null }) {
  return (
    <ScrollBox class="chart-table" label={t('stats.chart.tableLabel', { label })}>
      <table class="ranked">
        <caption class="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.chart.day')}</th>
            {series.series.map((s) => (
              <th key={s.key} scope="col" class="n">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.x.map((at, i) => (
            <tr key={at}>
              <th scope="row">{chartDayName(series, i, partial)}</th>
              {series.series.map((s) => (
                <td key={s.key} class="n">
                  {formatNumber(s.values[i])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
