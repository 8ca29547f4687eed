/**
 * A ranked table in a comparison: both projects' lists joined row by row
 * (lib/stats/compare.ts: the first's rows in its order, then those only the
 * other has), each figure column and the share given once per project,
 * headed with the project's name. A row a project's list lacks is a dash,
 * said as "not listed" to screen readers.
 */
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { joinRows, type ComparedPair } from '@/lib/stats/compare.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { fullText } from './full-text.ts';
import { Pct } from './Num.tsx';
import type { ComponentChildren } from 'preact';

/** RankedTable's props (RankedTable.tsx, which renders this one: not imported back), with the other project's rows. */
export interface ComparedTableProps<T> {
  readonly caption: string;
  readonly rows: readonly T[];
  readonly other: readonly T[];
  readonly columns: readonly { readonly label: string; readonly cell: (row: T) => ComponentChildren; readonly num?: boolean }[];
  readonly share?: (row: T) => number | null;
  readonly rowKey: (row: T) => string;
  readonly limit?: number;
  readonly pair: ComparedPair;
}

export function ComparedTable<T>({ caption, rows, other, columns, share, rowKey, limit, pair }: ComparedTableProps<T>) {
  const joined = joinRows(rows, other, rowKey);
  const shown = limit === undefined ? joined : joined.slice(0, limit);
  const sides = [
    { project: pair.primary, pick: (r: (typeof joined)[number]) => r.a },
    { project: pair.other, pick: (r: (typeof joined)[number]) => r.b },
  ];
  const named = columns.filter((c) => !c.num);
  const figures = columns.filter((c) => c.num);
  const heading = (label: string, project: string) => t('stats.compare.column', { label, project });
  const missing = (project: string) => (
    <>
      <span aria-hidden="true">—</span>
      <span class="sr-only">{t('stats.compare.notListed', { project })}</span>
    </>
  );
  const fullCaption = t('stats.compare.caption', { caption, primary: pair.primary, other: pair.other });
  return (
    <ScrollBox label={fullCaption}>
      <table class="ranked ranked-compared">
        <caption class="sr-only">{fullCaption}</caption>
        <thead>
          <tr>
            {named.map((c) => <th key={c.label} scope="col">{c.label}</th>)}
            {figures.flatMap((c) => sides.map((s) => <th key={`${c.label}:${s.project}`} scope="col" class="n" data-project={s.project}>{heading(c.label, s.project)}</th>))}
            {share && sides.map((s) => <th key={`share:${s.project}`} scope="col" class="n" data-project={s.project}>{heading(t('stats.table.share'), s.project)}</th>)}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => {
            const any = (r.a ?? r.b)!;
            return (
              <tr key={r.key} data-row={r.key}>
                {named.map((c) => {
                  const content = c.cell(any);
                  return <td key={c.label} title={fullText(content)}><span class="cell">{content}</span></td>;
                })}
                {figures.flatMap((c) => sides.map((s) => {
                  const row = s.pick(r);
                  return <td key={`${c.label}:${s.project}`} class="n" data-project={s.project}>{row === null ? missing(s.project) : c.cell(row)}</td>;
                }))}
                {share && sides.map((s) => {
                  const row = s.pick(r);
                  return <td key={`share:${s.project}`} class="n" data-project={s.project}>{row === null ? missing(s.project) : <Pct value={share(row)} />}</td>;
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {shown.length < joined.length && <p class="hint">{t('stats.table.more', { count: formatNumber(joined.length - shown.length) })}</p>}
    </ScrollBox>
  );
}
