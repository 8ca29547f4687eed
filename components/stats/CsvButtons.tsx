import type { DataOperationId } from '@/lib/api/catalog.ts';
import { csvFileName, toCsv } from '@/lib/csv/csv.ts';
import { t } from '@/lib/i18n/index.ts';
import { tablesFor, type ViewOf } from '@/lib/stats/operation-views.ts';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
          onClick={() => download(csvFileName(project, table.name), toCsv(table))}
        >
          {tables.length > 1 ? t('stats.csv.buttonNamed', { table: table.name.replace(/-/g, ' ') }) : t('stats.csv.button')}
        </button>
      ))}
    </span>
  );
}
