/**
 * The retention table in a comparison: a Project column, and each cohort's
 * row for each project, one under the other (the first project's cohorts in
 * order, then any only the other has). Each project's rows are shaded and
 * judged for days not over against its own answer.
 */
import { useMemo } from 'preact/hooks';
import type { RetentionView } from '@/lib/normalize/normalize.ts';
import type { ComparedPair } from '@/lib/stats/compare.ts';
import { joinRows } from '@/lib/stats/compare.ts';
import { retentionHeat, showsPartial, type HeatRow } from '@/lib/stats/view-models.ts';
import { useCompare, useComparedAsOf } from './compare-context.ts';

export interface ComparedCohorts {
  readonly pair: ComparedPair;
  readonly rows: readonly { readonly row: HeatRow; readonly project: string }[];
  /** The other project's table has a day not over. */
  readonly partial: boolean;
}

export function useComparedCohorts(own: ReturnType<typeof retentionHeat>, other: RetentionView | null): ComparedCohorts | null {
  const cmp = useCompare();
  const asOf = useComparedAsOf();
  return useMemo(() => {
    if (!cmp || !other) return null;
    const theirs = retentionHeat(other, asOf);
    const rows = joinRows(own.rows, theirs.rows, (r) => r.cohort).flatMap(({ a, b }) => [
      ...(a ? [{ row: a, project: cmp.pair.primary }] : []),
      ...(b ? [{ row: b, project: cmp.pair.other }] : []),
    ]);
    return { pair: cmp.pair, rows, partial: theirs.rows.some((r) => r.partial || r.cells.some(showsPartial)) };
  }, [own, other, asOf, cmp?.pair.primary, cmp?.pair.other]);
}
