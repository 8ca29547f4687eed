/**
 * How a block's figures, splits and other parts read in a comparison: a
 * table with a column per project (headline figures with their changes, the
 * parts of a whole), or, for what has no such column (the retention
 * matrix, the traffic flows), each project's own part under its name. Every
 * cell names its project (`data-project`) and carries its raw number.
 */
import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n/index.ts';
import type { Breakdown } from '@/lib/normalize/normalize.ts';
import type { ChangeId } from '@/lib/stats/change-sources.ts';
import type { ComparedPair } from '@/lib/stats/compare.ts';
import { coversText, type Headline } from '@/lib/stats/headline.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { useSoFarText } from '@/components/stats/sections/shared.tsx';
import { Change } from './Change.tsx';
import { useCompare, useComparedAsOf } from './compare-context.ts';
import { Num, Pct } from './Num.tsx';
import { AsOf } from './partial-day.ts';
import { useComparedHeadlines, useHeadlines } from './use-change.ts';

/** One project's cell of a compared figure: its number (undefined: loading), its change, and its days when they differ from the row's. */
export interface ComparedCell {
  readonly value: number | null | undefined;
  readonly change?: Pick<Headline, 'change' | 'days' | 'perDay'> | undefined;
  readonly covers?: string | null;
}

export interface ComparedFigure {
  readonly id: string;
  readonly label: string;
  /** Which days the row's figures cover (lib/stats/headline.ts coversText). */
  readonly covers?: string | null;
  readonly a: ComparedCell;
  readonly b: ComparedCell;
}

function Cell({ project, cell, covers }: { project: string; cell: ComparedCell; covers: string | null | undefined }) {
  return (
    <td class="n" data-project={project}>
      {cell.value === undefined ? <span class="num num-loading" aria-busy="true">…</span> : <Num value={cell.value} />}
      {cell.covers && cell.covers !== covers && <span class="figure-covers muted"> {cell.covers}</span>}
      {cell.change && <Change change={cell.change.change} days={cell.change.days} perDay={cell.change.perDay} />}
    </td>
  );
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
              <th scope="row">
                {f.label}
                {f.covers && <span class="figure-covers muted">{f.covers}</span>}
              </th>
              <Cell project={pair.primary} cell={f.a} covers={f.covers} />
              <Cell project={pair.other} cell={f.b} covers={f.covers} />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * Headline numbers of both projects by the one rule (lib/stats/headline.ts),
 * each with its change: [figure id, label, headline id] each. Each project's
 * figures are judged on its own answers.
 */
export function ComparedHeadlines({ items, caption }: { items: readonly (readonly [id: string, label: string, headline: ChangeId])[]; caption: string }) {
  const ids = items.map(([, , id]) => id);
  const a = useHeadlines(ids);
  const b = useComparedHeadlines(ids);
  const soFar = useSoFarText();
  const cell = (h: Headline | undefined): ComparedCell => ({ value: h?.value, change: h, covers: h ? coversText(h.covers, soFar) : null });
  return (
    <ComparedFigures
      caption={caption}
      items={items.map(([id, label, headline]) => {
        const [ca, cb] = [cell(a[headline]), cell(b[headline])];
        return { id, label, covers: ca.covers ?? cb.covers, a: ca, b: cb };
      })}
    />
  );
}

/** A whole split into parts for both projects: a row per part, each project's count and share (with its change, for parts named in `headlines`). */
export function ComparedSplit({ breakdown, other, label, headlines = {} }: { breakdown: Breakdown; other: Breakdown; label: string; headlines?: Readonly<Record<string, ChangeId>> }) {
  const pair = useCompare()!.pair;
  const a = useHeadlines(Object.values(headlines));
  const b = useComparedHeadlines(Object.values(headlines));
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
                {([[pair.primary, breakdown, a], [pair.other, other, b]] as const).flatMap(([project, whole, h]) => {
                  const change = headlines[key] && h[headlines[key]!];
                  return [
                    <td key={project} class="n" data-project={project}><Num value={part(whole, key)?.value ?? null} /></td>,
                    <td key={`${project}:share`} class="n">
                      <Pct value={part(whole, key)?.share ?? null} />
                      {change && <Change change={change.change} days={change.days} perDay={change.perDay} />}
                    </td>,
                  ];
                })}
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
