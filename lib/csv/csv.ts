/**
 * RFC 4180 CSV: comma-separated, CRLF line ends, a field quoted when it holds
 * a comma, a quote, a line break or edge spaces, quotes doubled inside.
 * Numbers are written plainly (no separators) so spreadsheets read them.
 */
import { exactText } from '@/lib/format/exact.ts';

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly CsvCell[])[];
}

/** A cell a spreadsheet would run as a formula; written with a leading quote mark. */
const FORMULA = /^[=+\-@\t\r]/;

export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  // A number sent with more digits than a double holds is written as sent (lib/format/exact.ts).
  if (typeof cell === 'number') return Number.isFinite(cell) ? (exactText(cell) ?? String(cell)) : '';
  let s = String(cell);
  // Text from the service is data, never a formula (CSV injection); plain negative numbers stay numbers.
  if (FORMULA.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(table: CsvTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvField).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** A file name safe on every system: "nebula holders 2024-01-01.csv" → "nebula-holders-2024-01-01.csv". */
export function csvFileName(...parts: readonly string[]): string {
  const base = parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${base || 'export'}.csv`;
}
