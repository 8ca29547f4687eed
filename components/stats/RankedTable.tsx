import type { ComponentChildren } from 'preact';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { ScrollBox } from '@/components/ui/ScrollBox.tsx';
import { Pct } from './Num.tsx';
import { useCompare } from './compare-context.ts';
import { ComparedTable } from './compared-lazy.ts';
import { fullText } from './full-text.ts';

export interface Column<T> {
  readonly label: string;
  readonly cell: (row: T) => ComponentChildren;
  /** Right-aligned, tabular figures. */
  readonly num?: boolean;
}

export interface RankedTableProps<T> {
  readonly caption: string;
  readonly rows: readonly T[];
  readonly columns: readonly Column<T>[];
  /** The row's share of the whole, drawn as a bar behind the first cell and as a last column. */
  readonly share?: (row: T) => number | null;
  readonly rowKey: (row: T) => string;
  /** Rows shown; the rest are counted in a line below. */
  readonly limit?: number;
  /** In a comparison, the other project's rows: joined to these, a column per project (ComparedTable.tsx). */
  readonly compare?: readonly T[] | null;
}

/** A ranked list as a table, each row's share drawn as a bar: serves every ranked block. */
export function RankedTable<T>(props: RankedTableProps<T>) {
  const cmp = useCompare();
  if (cmp && props.compare) return <ComparedTable {...props} other={props.compare} pair={cmp.pair} />;
  return <SingleTable {...props} />;
}

function SingleTable<T>({ caption, rows, columns, share, rowKey, limit }: RankedTableProps<T>) {
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  return (
    <ScrollBox label={caption}>
      <table class="ranked">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" class={c.num ? 'n' : undefined}>
                {c.label}
              </th>
            ))}
            {share && (
              <th scope="col" class="n">
                {t('stats.table.share')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const s = share?.(row) ?? null;
            return (
              <tr key={rowKey(row)}>
                {columns.map((c, i) => {
                  const content = c.cell(row);
                  return (
                    <td key={c.label} class={c.num ? 'n' : undefined} title={i === 0 ? fullText(content) : undefined}>
                      {i === 0 && s !== null && <span class="bar" style={{ width: `${Math.max(0, Math.min(1, s)) * 100}%` }} />}
                      <span class="cell">{content}</span>
                    </td>
                  );
                })}
                {share && (
                  <td class="n">
                    <Pct value={s} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {shown.length < rows.length && <p class="hint">{t('stats.table.more', { count: formatNumber(rows.length - shown.length) })}</p>}
    </ScrollBox>
  );
}

/**
 * A named entry's name, its full name and address on hover; an unnamed one (name equal to
 * its id) as its address, shortened for a narrow cell and whole on hover.
 */
export function Short({ id, name }: { id: string; name: string }) {
  // The name in full too: a narrow cell may cut it.
  if (name !== id) return <span title={`${name}\n${id}`}>{name}</span>;
  return <span title={id}>{id.length > 16 && id.startsWith('0x') ? `${id.slice(0, 6)}…${id.slice(-4)}` : id}</span>;
}
