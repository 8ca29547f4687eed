import { useLayoutEffect, useState } from 'preact/hooks';
import { formatCompact, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { ViewOf } from '@/lib/stats/operation-views.ts';
import { partialFrom } from '@/lib/stats/partial-day.ts';
import { rowHeadlines, rowPlan, type RowFigure, type RowPlan } from '@/lib/pins/row-headlines.ts';
import { coversText, type Got } from '@/lib/stats/headline.ts';
import { Change } from '@/components/stats/Change.tsx';
import { ErrorNotice } from '@/components/stats/ErrorNotice.tsx';
import { Num } from '@/components/stats/Num.tsx';
import { useCompleteStat } from '@/components/stats/use-change.ts';
import { lazy } from '@/components/ui/lazy.tsx';

// uPlot loads with the first sparkline, not with the Projects tab.
const Sparkline = lazy(() => import('@/components/watch/Sparkline.tsx').then((m) => m.Sparkline), () => <div class="watch-spark" aria-hidden="true" />);

/** The active holders of the days of the row's answer (the last 30 complete days), as sparkline points. */
function completeDays(v: ViewOf<'holderChange'>, storedAt: number): [number, number][] {
  const { x, series } = v.series;
  const active = series.find((s) => s.key === 'active')?.values ?? [];
  const end = partialFrom(x, storedAt) ?? x.length;
  const points: [number, number][] = [];
  for (let i = 0; i < end; i++) {
    const value = active[i];
    if (value !== null && value !== undefined) points.push([x[i]!, value]);
  }
  return points;
}

const LABELS = { total: () => t('pins.view.total'), active: () => t('pins.view.active'), new: () => t('pins.view.new') } as const satisfies Record<RowFigure, () => string>;

/**
 * The three figures and their changes, by the rule of headline numbers
 * (lib/pins/row-headlines.ts). Mounted once the row's answer is there, so the
 * previous period's request starts only then: on a cold open, every row's
 * numbers go first, and the changes follow.
 */
function Figures({ project, plan, current }: { project: string; plan: RowPlan; current: Got }) {
  const previous = useCompleteStat(plan.previous.request, plan.previous.completeAfterMs, 0);
  const figures = rowHeadlines(plan, current, previous.got);
  return (
    <ul class="pin-figures" aria-label={t('pins.view.figures', { project })}>
      {(Object.keys(LABELS) as RowFigure[]).map((id) => {
        const h = figures[id];
        const covers = coversText(h.covers, '');
        return (
          <li key={id} class="pin-figure" data-figure={id} title={covers || undefined}>
            {h.value === undefined ? <span class="num num-loading" aria-busy="true">…</span> : <Num value={h.value} compact />}
            <span class="pin-figure-label">{LABELS[id]()}</span>
            {covers && <span class="sr-only">{covers}</span>}
            <Change change={h.change} days={h.days} perDay={h.perDay} />
          </li>
        );
      })}
    </ul>
  );
}

function Spark({ project, v, storedAt }: { project: string; v: ViewOf<'holderChange'>; storedAt: number }) {
  const points = completeDays(v, storedAt);
  if (points.length < 2) return <span class="pin-spark-none hint">{t('pins.view.noSpark', { project })}</span>;
  const label = t('pins.view.spark', {
    project,
    count: formatNumber(points.length),
    first: formatCompact(points[0]![1]),
    last: formatCompact(points.at(-1)![1]),
  });
  return <Sparkline points={points} label={label} />;
}

export interface RowControls {
  readonly index: number;
  readonly count: number;
  readonly dragging: boolean;
  /** Where a drop would put the dragged row: a line above or below this one. */
  readonly dropMark: 'before' | 'after' | null;
  open(): void;
  /** −1 up, +1 down; `control` names what had focus, so it can have it again after the move. */
  moveBy(by: number, control: string): void;
  unpin(): void;
  /** Called once the row shows its numbers or its error (the bench's "painted"). */
  painted(): void;
  readonly drag: {
    onDragStart(e: DragEvent): void;
    onDragOver(e: DragEvent): void;
    onDrop(e: DragEvent): void;
    onDragEnd(): void;
  };
}

/**
 * One pinned project: its name (a click or Enter opens it in Stats), its
 * three holder figures of the last 30 complete days with their changes, a sparkline of those days' active
 * holders, and its controls (move up, move down, unpin). Its request is its
 * own: an error shows in this row only.
 */
export function ProjectRow({ project, c }: { project: string; c: RowControls }) {
  // The periods of today (UTC): fixed for the row's life, so each of its requests is asked once.
  const [plan] = useState(() => rowPlan(project, Date.now()));
  const { state, view, reload, got } = useCompleteStat(plan.current.request, plan.current.completeAfterMs, 0);
  const shown = state.status === 'ready' && view !== null;
  const settled = state.status !== 'loading';
  useLayoutEffect(() => {
    if (settled) c.painted();
  }, [settled]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const control = (e.target as HTMLElement).closest<HTMLElement>('[data-control]')?.dataset.control ?? 'open';
    c.moveBy(e.key === 'ArrowUp' ? -1 : 1, control);
  };
  // A click on the row outside its controls opens it too (the name is the keyboard's way).
  const onClick = (e: MouseEvent) => {
    if (!(e.target as HTMLElement).closest('button, a')) c.open();
  };
  const first = c.index === 0;
  const last = c.index === c.count - 1;
  return (
    <li
      class={`pin-row${c.dragging ? ' pin-dragging' : ''}${c.dropMark ? ` pin-drop-${c.dropMark}` : ''}`}
      data-project={project}
      data-state={state.status}
      draggable
      onKeyDown={onKeyDown}
      onClick={onClick}
      {...c.drag}
    >
      <button type="button" class="pin-open" data-control="open" onClick={c.open} aria-label={t('pins.view.open', { project })}>
        {project}
      </button>
      <span class="pin-actions">
        <button type="button" class="pin-move" data-control="up" aria-disabled={first || undefined} onClick={() => !first && c.moveBy(-1, 'up')} aria-label={t('pins.view.moveUp', { project })} title={t('pins.view.moveUp', { project })}>
          ↑
        </button>
        <button type="button" class="pin-move" data-control="down" aria-disabled={last || undefined} onClick={() => !last && c.moveBy(1, 'down')} aria-label={t('pins.view.moveDown', { project })} title={t('pins.view.moveDown', { project })}>
          ↓
        </button>
        <button type="button" class="linkish pin-unpin" data-control="unpin" onClick={c.unpin} aria-label={t('pins.unpinTitle', { project })}>
          {t('pins.unpin')}
        </button>
      </span>
      <div class="pin-body">
        {state.status === 'loading' && (
          <div class="skeleton pin-skeleton" aria-busy="true">
            <span class="sr-only">{t('stats.block.loading')}</span>
          </div>
        )}
        {shown && (
          <>
            <Figures project={project} plan={plan} current={got} />
            <Spark project={project} v={view} storedAt={state.entry.storedAt} />
          </>
        )}
        {state.status !== 'loading' && state.error && <ErrorNotice error={state.error} stale={shown} onRetry={reload} />}
      </div>
    </li>
  );
}
