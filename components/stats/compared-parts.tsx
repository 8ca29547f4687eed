/**
 * How a block's figures, splits and other parts read in a comparison: a
 * table with a column per project (headline figures, the latest complete
 * day, the parts of a whole), or, for what has no such column (the retention
 * matrix, the traffic flows), each project's own part under its name. Every
 * cell names its project (`data-project`) and carries its raw number.
 */
import type { ComponentChildren } from 'preact';
import { formatDay } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { Breakdown, TimeSeries } from '@/lib/normalize/normalize.ts';
import type { ComparedPair } from '@/lib/stats/compare.ts';
import { latestCompletePoint, latestPoint } from '@/lib/stats/view-models.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { useCompare, useComparedAsOf } from './compare-context.ts';
import { Num, Pct } from './Num.tsx';
import { AsOf, useAsOf } from './partial-day.ts';

export interface ComparedFigure {
  readonly id: string;
  readonly label: string;
  readonly a: number | null;
  readonly b: number | null;
}

/** Headline figures of both projects: a row per figure, a column per project (`heads` names the columns, else the projects). */
export function ComparedFigures({ items, caption, heads }: { items: readonly ComparedFigure[]; caption: string; heads?: readonly [string, string] }) {
  const pair = useCompare()!.pair;
  const [ha, hb] = heads ?? [pair.primary, pair.other];
  const full = t('stats.compare.caption', { caption, primary: pair.primary, other: pair.other });
  return (
    <ScrollBox label={full}>
      <table class="ranked compared-figures">
        <caption class="sr-only">{full}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.compare.figure')}</th>
            <th scope="col" class="n" data-project={pair.primary}>{ha}</th>
            <th scope="col" class="n" data-project={pair.other}>{hb}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((f) => (
            <tr key={f.id} data-figure={f.id}>
              <th scope="row">{f.label}</th>
              <td class="n" data-project={pair.primary}><Num value={f.a} /></td>
              <td class="n" data-project={pair.other}><Num value={f.b} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * Both projects' latest complete day (each judged at its own answer's time: a
 * day not over is never set against a whole one), its day in each column's head.
 */
export function ComparedLatestDay({ series, other, labels, caption }: { series: TimeSeries; other: TimeSeries; labels: Record<string, string>; caption: string }) {
  const pair = useCompare()!.pair;
  const asOfA = useAsOf();
  const asOfB = useComparedAsOf();
  const complete = (ts: TimeSeries, asOf: number | null) => (asOf === null ? latestPoint(ts) : latestCompletePoint(ts, asOf));
  const a = complete(series, asOfA);
  const b = complete(other, asOfB);
  const head = (project: string, point: typeof a) => (point ? t('stats.compare.onDay', { project, day: formatDay(point.time) }) : project);
  return (
    <ComparedFigures
      caption={caption}
      heads={[head(pair.primary, a), head(pair.other, b)]}
      items={Object.entries(labels).map(([key, label]) => ({ id: key, label, a: a?.values[key] ?? null, b: b?.values[key] ?? null }))}
    />
  );
}

/** A whole split into parts for both projects: a row per part, each project's count and share. */
export function ComparedSplit({ breakdown, other, label }: { breakdown: Breakdown; other: Breakdown; label: string }) {
  const pair = useCompare()!.pair;
  const keys = [...new Set([...breakdown.parts, ...other.parts].map((p) => p.key))];
  const part = (b: Breakdown, key: string) => b.parts.find((p) => p.key === key);
  const full = t('stats.compare.caption', { caption: label, primary: pair.primary, other: pair.other });
  return (
    <ScrollBox label={full}>
      <table class="ranked compared-split" data-split={label}>
        <caption class="sr-only">{full}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.compare.part')}</th>
            {[pair.primary, pair.other].flatMap((project) => [
              <th key={project} scope="col" class="n" data-project={project}>{project}</th>,
              <th key={`${project}:share`} scope="col" class="n">{t('stats.compare.column', { label: t('stats.table.share'), project })}</th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const label = (part(breakdown, key) ?? part(other, key))!.label;
            return (
              <tr key={key} data-part={key}>
                <th scope="row">{label}</th>
                {([[pair.primary, breakdown], [pair.other, other]] as const).flatMap(([project, b]) => [
                  <td key={project} class="n" data-project={project}><Num value={part(b, key)?.value ?? null} /></td>,
                  <td key={`${project}:share`} class="n"><Pct value={part(b, key)?.share ?? null} /></td>,
                ])}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * What has no column per project (the retention matrix, the traffic flows):
 * each project's own part under its name, the other's judged at its own
 * answer's time. Without the other's view, the first's part alone, as ever.
 */
export function PerProject<V>({ view, other, children }: { view: V; other: V | null; children: (view: V) => ComponentChildren }) {
  const cmp = useCompare();
  const asOfB = useComparedAsOf();
  if (!cmp || other === null) return <>{children(view)}</>;
  return (
    <div class="per-project">
      <ProjectPart pair={cmp.pair} which="primary">{children(view)}</ProjectPart>
      <AsOf.Provider value={asOfB}>
        <ProjectPart pair={cmp.pair} which="other">{children(other)}</ProjectPart>
      </AsOf.Provider>
    </div>
  );
}

function ProjectPart({ pair, which, children }: { pair: ComparedPair; which: 'primary' | 'other'; children: ComponentChildren }) {
  const project = pair[which];
  return (
    <div class="project-part" data-project={project}>
      <h4 class={`project-name project-${which}`}>{project}</h4>
      {children}
    </div>
  );
}
