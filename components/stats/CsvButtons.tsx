import type { DataOperationId } from '@/lib/api/catalog.ts';
import { csvFileName, toCsv } from '@/lib/csv/csv.ts';
import { t } from '@/lib/i18n/index.ts';
import { tablesFor, type ViewOf } from '@/lib/stats/operation-views.ts';
import { downloadText } from '@/components/ui/download.ts';


/** One "CSV" button per table or series a block shows (dashboard only, so loaded lazily). */
export function CsvButtons<Id extends DataOperationId>({ op, view, project }: { op: Id; view: ViewOf<Id>; project: string }) {
  const tables = tablesFor(op, view);
  return (
    <span class="csv">
      {tables.map((table) => (
        <button
          type="button"
          key={table.name}
          class="link"
          data-csv={table.name}
          title={t('stats.csv.download', { table: table.name })}
          onClick={() => downloadText(csvFileName(project, table.name), toCsv(table))}
        >
          {tables.length > 1 ? t('stats.csv.buttonNamed', { table: table.name.replace(/-/g, ' ') }) : t('stats.csv.button')}
        </button>
      ))}
    </span>
  );
}
