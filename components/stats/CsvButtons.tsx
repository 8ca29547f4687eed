import type { DataOperationId } from '@/lib/api/catalog.ts';
import { csvFileName, toCsv } from '@/lib/csv/csv.ts';
import { tablesFor, type ViewOf } from '@/lib/stats/operation-views.ts';
import { downloadText } from '@/components/ui/download.ts';


/** One "CSV" button per table or series a block shows (dashboard only, so loaded lazily). */
export function CsvButtons<Id extends DataOperationId>({ op, view, project }: { op: Id; view: ViewOf<Id>; project: string }) {
  const tables = tablesFor(op, view);
  return (
    <span class="csv">
      {tables.map((t) => (
        <button
          type="button"
          key={t.name}
          class="link"
          data-csv={t.name}
          title={`Download ${t.name} as CSV`}
          onClick={() => downloadText(csvFileName(project, t.name), toCsv(t))}
        >
          CSV{tables.length > 1 ? `: ${t.name.replace(/-/g, ' ')}` : ''}
        </button>
      ))}
    </span>
  );
}
