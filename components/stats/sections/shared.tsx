/** What every section's blocks share: sizes by layout, headline figures, the day not over yet. */
import type { TimeSeries } from '@/lib/normalize/normalize.ts';
import type { ChangeId } from '@/lib/stats/change-sources.ts';
import type { FigureGap } from '@/lib/stats/change.ts';
import { coversText, gapText, type Headline } from '@/lib/stats/headline.ts';
import { DAY_SECONDS, latestPoint } from '@/lib/stats/partial-day.ts';
import { useStatsContext } from '@/components/stats/context.ts';
import { Num } from '@/components/stats/Num.tsx';
import { t } from '@/lib/i18n/index.ts';
import { useAsOf, useDayNotOverText } from '@/components/stats/partial-day.ts';
import { Change } from '@/components/stats/Change.tsx';
import { useHeadlines } from '@/components/stats/use-change.ts';

export function useSizes() {
  const { layout } = useStatsContext();
  return layout === 'page' ? { chart: 240, rows: undefined, small: 200 } : { chart: 140, rows: 5, small: 130 };
}

/**
 * A headline figure: its number (undefined: still loading), why it has none,
 * which days it covers, and its change against the previous period.
 */
export interface FigureItem {
  readonly id: string;
  readonly label: string;
  readonly value: number | null | undefined;
  readonly gap?: FigureGap | null;
  /** Which days it covers, said under its label ("Oct 28 – Nov 26", "on Nov 26"). */
  readonly covers?: string | null;
  /** Its change (lib/stats/headline.ts), shown under its label. */
  readonly change?: Pick<Headline, 'change' | 'days' | 'perDay'> | undefined;
}

/**
 * Headline figures: big numbers with labels; `partial` ones (a day not over)
 * smaller, and said so in the note. Which days each covers is said under its
 * label, once for all when they cover the same days. A figure with no number
 * says why under its dash; one still loading keeps its room.
 */
export function Figures({ items, note, partial = false }: { items: readonly FigureItem[]; note?: string | null; partial?: boolean }) {
  const first = items[0]?.covers;
  const shared = items.length > 1 && first && items.every((f) => f.covers === first) ? first : null;
  const said = note ?? shared;
  return (
    <div class={partial ? 'figures figures-partial' : 'figures'} data-partial={partial || undefined}>
      {items.map((f) => (
        <div key={f.id} class="figure" data-figure={f.id}>
          {f.value === undefined
            ? <span class="num num-loading" aria-busy="true"><span aria-hidden="true">…</span><span class="sr-only">{t('stats.block.loading')}</span></span>
            : <Num value={f.value} />}
          <span class="figure-label">{f.label}</span>
          {!shared && f.covers && <span class="figure-covers muted">{f.covers}</span>}
          {f.change && <Change change={f.change.change} days={f.change.days} perDay={f.change.perDay} />}
          {f.value === null && <span class="figure-why muted">{gapText(f.gap ?? 'missing')}</span>}
        </div>
      ))}
      {said && <span class="figure-note muted">{said}</span>}
    </div>
  );
}

/** The words for days so far of the block's answer: "today so far", or "Nov 23 until 23:50 UTC" for an older answer. */
export function useSoFarText(): string {
  const asOf = useAsOf();
  const day = asOf === null ? null : Math.floor(asOf / 1000 / DAY_SECONDS) * DAY_SECONDS;
  return useDayNotOverText(day) ?? t('stats.chart.todaySoFar');
}

/** A figure item of a headline number, by the rule (undefined headline: outside a block with them, loading). */
export function headlineItem(id: string, label: string, h: Headline | undefined, soFar: string): FigureItem {
  return { id, label, value: h?.value, gap: h?.gap ?? null, covers: h ? coversText(h.covers, soFar) : null, change: h };
}

/** Figure items for this block's headline numbers: [figure id, label, headline id] each. */
export function useHeadlineItems(specs: readonly (readonly [id: string, label: string, headline: ChangeId])[]): FigureItem[] {
  const h = useHeadlines(specs.map(([, , id]) => id));
  const soFar = useSoFarText();
  return specs.map(([id, label, headline]) => headlineItem(id, label, h[headline], soFar));
}

/** Which days a headline number of this block covers, in words (null outside a block with it). */
export function useCovers(id: ChangeId): string | null {
  return useHeadlineItems([[id, '', id]])[0]!.covers ?? null;
}

/** The words for the series' last day when its answer was fetched before that day was over, else null. */
export function usePartialDay(series: TimeSeries): string | null {
  const asOf = useAsOf();
  const last = asOf === null ? null : latestPoint(series, asOf);
  const text = useDayNotOverText(last?.time);
  return last?.partial ? text : null;
}

/**
 * The day not over of the block's answer, beside figures of complete days:
 * its values, smaller, as "today so far" (ids suffixed `-partial`), never
 * passed off as a day and without a change. Nothing when the last day was
 * over, or when the headline figures are of days so far themselves (a range
 * with no complete day yet).
 */
export function SoFar({ series, labels, headline }: { series: TimeSeries; labels: Readonly<Record<string, string>>; headline: ChangeId }) {
  const partialText = usePartialDay(series);
  const soFarBasis = useHeadlines([headline])[headline]?.covers.kind === 'so-far';
  const last = latestPoint(series);
  if (partialText === null || !last || soFarBasis) return null;
  const items = Object.entries(labels).map(([key, label]) => ({ id: `${key}-partial`, label, value: last.values[key] ?? null }));
  return <Figures partial items={items} note={partialText} />;
}

/** Under a snapshot's figures: the service keeps no earlier figures of it, so it has no change. */
export function NoHistory() {
  return (
    <p class="no-history">
      <Change change={{ kind: 'snapshot' }} days={0} />
    </p>
  );
}
