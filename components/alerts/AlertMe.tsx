import { useState } from 'preact/hooks';
import type { StatMetricId } from '@/lib/stats/metrics.ts';
import type { StatsFilters } from '@/lib/stats/query.ts';
import { t } from '@/lib/i18n/index.ts';
import { lazy } from '@/components/ui/lazy.tsx';
import type { AlertNote } from './AlertForm.tsx';

// The form and the metric catalog load on the first click: the popup's first paint carries only this button.
const AlertForm = lazy(() => import('./AlertForm.tsx').then((m) => m.AlertForm));

export interface AlertMeProps {
  readonly block: string;
  readonly metrics: readonly StatMetricId[];
  readonly filters: StatsFilters;
  readonly extra?: Readonly<Record<string, string | number>>;
}

/** "Alert me when…" on a stats block: opens a compact rule form below the block's header. */
export function AlertMe({ block, metrics, filters, extra }: AlertMeProps) {
  const [open, setOpen] = useState(false);
  // What the last save said, shown once the form has closed (type-only import: the form stays lazy).
  const [note, setNote] = useState<AlertNote | null>(null);
  const done = (_saved: unknown, said?: AlertNote) => {
    setOpen(false);
    setNote(said ?? null);
  };
  return (
    <>
      <button type="button" class="alert-me" aria-expanded={open} aria-controls={`alert-${block}`} onClick={() => (setOpen(!open), setNote(null))}>
        {t('alerts.me')}
      </button>
      <div id={`alert-${block}`} class="alert-form-slot">
        {open && <AlertForm metrics={metrics} filters={filters} extra={extra} onDone={done} />}
        {!open && note && (
          <p role="status" class={`alert-status status-${note.tone}`}>
            {note.text}
          </p>
        )}
      </div>
    </>
  );
}
