/** What every section's blocks share: sizes by layout, headline figures, the latest day of a series. */
import { formatDay } from '@/lib/format/number.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { latestPoint } from '@/lib/stats/view-models.ts';
import { useStatsContext } from '@/components/stats/context.ts';
import { Num } from '@/components/stats/Num.tsx';
import { t } from '@/lib/i18n/index.ts';

export function useSizes() {
  const { layout } = useStatsContext();
  return layout === 'page' ? { chart: 240, rows: undefined, small: 200 } : { chart: 140, rows: 5, small: 130 };
}

/** Headline figures: big numbers with labels. */
export function Figures({ items, note }: { items: readonly { label: string; value: number | null; id: string }[]; note?: string }) {
  return (
    <div class="figures">
      {items.map((f) => (
        <div key={f.id} class="figure" data-figure={f.id}>
          <Num value={f.value} />
          <span class="figure-label">{f.label}</span>
        </div>
      ))}
      {note && <span class="figure-note muted">{note}</span>}
    </div>
  );
}

export function LatestDay({ series, labels }: { series: TimeSeries; labels: Record<string, string> }) {
  const last = latestPoint(series);
  if (!last) return null;
  return (
    <Figures
      items={Object.entries(labels).map(([key, label]) => ({ id: key, label, value: last.values[key] ?? null }))}
      note={t('stats.latestDay', { day: formatDay(last.time) })}
    />
  );
}

