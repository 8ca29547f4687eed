import type { DataOperationId } from '@/lib/api/catalog.ts';
import { csvFileName, toCsv } from '@/lib/csv/csv.ts';
import { t } from '@/lib/i18n/index.ts';
import { comparedTables } from '@/lib/stats/compare.ts';
import { tablesFor } from '@/lib/stats/operation-tables.ts';
import type { ViewOf } from '@/lib/stats/operation-views.ts';
import { downloadText } from '@/components/ui/download.ts';
import { useCompare } from './compare-context.ts';

/**
 * One "CSV" button per table or series a block shows (dashboard only, so loaded lazily). In a comparison,
 * each file holds both projects: a first column "Project", then each project's rows (lib/stats/compare.ts).
 */
export function CsvButtons<Id extends DataOperationId>({ op, view, project, other = null }: { op: Id; view: ViewOf<Id>; project: string; other?: ViewOf<Id> | null }) {
  const cmp = useCompare();
  const pair = cmp && other ? cmp.pair : null;
  const tables = pair ? comparedTables(tablesFor(op, view), tablesFor(op, other!), pair) : tablesFor(op, view);
  const file = (name: string) => (pair ? csvFileName(pair.primary, 'vs', pair.other, name) : csvFileName(project, name));
  return (
    <span class="csv">
      {tables.map((table) => (
        <button
          type="button"
          key={table.name}
          class="link"
          data-csv={table.name}
          data-csv-projects={pair ? 2 : 1}
          title={pair ? t('stats.compare.csvDownload', { table: table.name, primary: pair.primary, other: pair.other }) : t('stats.csv.download', { table: table.name })}
          onClick={() => downloadText(file(table.name), toCsv(table))}
        >
          {tables.length > 1 ? t('stats.csv.buttonNamed', { table: table.name.replace(/-/g, ' ') }) : t('stats.csv.button')}
        </button>
      ))}
    </span>
  );
}
