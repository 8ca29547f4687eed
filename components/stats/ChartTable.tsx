import { formatDay, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';

/** A chart's numbers as a table, one row per day (loaded only when asked for: Chart.tsx). */
export function ChartTable({ series, label }: { series: TimeSeries; label: string }) {
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
              <th scope="row">{formatDay(at)}</th>
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
