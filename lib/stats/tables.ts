/**
 * Tables for CSV export, built from normalized views: the shapes several
 * operations share. Which tables each data operation offers is in
 * operation-tables.ts. Pure.
 */
import type { CsvTable } from '@/lib/csv/csv.ts';
import { isoDate } from '@/lib/normalize/coerce.ts';
import type { DistributionView, OverlapView, TimeSeries } from '@/lib/normalize/normalize.ts';

export interface NamedTable extends CsvTable {
  /** Names the file: "holder-change", "traffic-share-flows". */
  readonly name: string;
}

/** A series as a table: one row per day, one column per series. */
export function seriesTable(ts: TimeSeries, name: string): NamedTable {
  return {
    name,
    columns: ['Date', ...ts.series.map((s) => s.label)],
    rows: ts.x.map((t, i) => [isoDate(t), ...ts.series.map((s) => s.values[i] ?? null)]),
  };
}

/** Users and transactions by DApp, contract or action (`what`). */
export const distributionTables = (name: string, what: string) => (v: DistributionView): NamedTable[] => [{
  name,
  columns: ['Id', what, 'Category', 'Users', 'Transactions', 'Share of users'],
  rows: v.items.map((i) => [i.id, i.name, i.category, i.users, i.transactions, i.share]),
}];

/** Users shared with competitors or partners. */
export const overlapTables = (name: string) => (v: OverlapView): NamedTable[] => [{
  name,
  columns: ['Id', 'Project', 'Type', 'Project type', 'Shared users', 'Market share', 'TVL'],
  rows: v.items.map((i) => [i.id, i.name, i.type, i.projectType, i.users, i.marketShare, i.tvl]),
}];
