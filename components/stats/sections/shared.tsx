/** What every section's blocks share: sizes by layout, headline figures, the latest day of a series. */
import { formatDay } from '@/lib/format/number.ts';
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import { latestCompletePoint, latestPoint } from '@/lib/stats/view-models.ts';
import { useStatsContext } from '@/components/stats/context.ts';
import { Num } from '@/components/stats/Num.tsx';
import { t } from '@/lib/i18n/index.ts';
import { useAsOf, useDayNotOverText } from '@/components/stats/partial-day.ts';
import { Change } from '@/components/stats/Change.tsx';
import type { FigureChange } from '@/components/stats/use-change.ts';

export function useSizes() {
  const { layout } = useStatsContext();
  return layout === 'page' ? { chart: 240, rows: undefined, small: 200 } : { chart: 140, rows: 5, small: 130 };
}

/**
 * Headline figures: big numbers with labels; `partial` ones (a day not over)
 * smaller, and said so in the note. A figure the answer did not carry says so
 * under its dash.
 */
export interface FigureItem {
  readonly label: string;
  readonly value: number | null;
  readonly id: string;
  /** Its change against the previous period (components/stats/use-change.ts), shown under its label. */
  readonly change?: FigureChange | undefined;
}

export function Figures({ items, note, partial = false }: { items: readonly FigureItem[]; note?: string; partial?: boolean }) {
  return (
    <div class={partial ? 'figures figures-partial' : 'figures'} data-partial={partial || undefined}>
      {items.map((f) => (
        <div key={f.id} class="figure" data-figure={f.id}>
          <Num value={f.value} />
          <span class="figure-label">{f.label}</span>
          {f.change && <Change change={f.change.change} days={f.change.days} perDay={f.change.perDay} />}
          {f.value === null && <span class="figure-why muted">{t('stats.block.notInAnswer')}</span>}
        </div>
      ))}
      {note && <span class="figure-note muted">{note}</span>}
    </div>
  );
}

/** The words for the series' last day when its answer was fetched before that day was over, else null. */
export function usePartialDay(series: TimeSeries): string | null {
  const asOf = useAsOf();
  const last = asOf === null ? null : latestPoint(series, asOf);
  const text = useDayNotOverText(last?.time);
  return last?.partial ? text : null;
}

/**
 * The latest complete day's figures ("on Nov 22"); when the last day was not
 * over when the answer was fetched, its figures follow, smaller, as "today
 * so far" (ids suffixed `-partial`), never passed off as a day.
 */
export function LatestDay({ series, labels, changes = {} }: { series: TimeSeries; labels: Record<string, string>; changes?: Readonly<Record<string, FigureChange | undefined>> }) {
  const asOf = useAsOf();
  const partialText = usePartialDay(series);
  const last = latestPoint(series);
  if (!last) return null;
  const complete = partialText === null ? last : latestCompletePoint(series, asOf!);
  // The changes stand beside the complete day's figures, never beside a day so far.
  const figures = (point: { values: Readonly<Record<string, number | null>> }, suffix: string) =>
    Object.entries(labels).map(([key, label]) => ({ id: key + suffix, label, value: point.values[key] ?? null, change: suffix ? undefined : changes[key] }));
  return (
    <>
      {complete && <Figures items={figures(complete, '')} note={t('stats.latestDay', { day: formatDay(complete.time) })} />}
      {partialText !== null && <Figures partial items={figures(last, '-partial')} note={partialText} />}
    </>
  );
}

/** Under a snapshot's figures: the service keeps no earlier figures of it, so it has no change. */
export function NoHistory() {
  return (
    <p class="no-history">
      <Change change={{ kind: 'snapshot' }} days={0} />
    </p>
  );
}
