import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { formatDay, formatNumber } from '@/lib/format/number.ts';
import { rowPeriods } from '@/lib/pins/row-headlines.ts';
import { dateToSeconds } from '@/lib/stats/query.ts';
import { t } from '@/lib/i18n/index.ts';
import { dropIndex, MAX_PINS, moveProject, unpinProject, type PinnedList } from '@/lib/pins/pins.ts';
import { useShowTab } from '@/components/popup/PopupApp.tsx';
import { usePins } from './PinButton.tsx';
import { showProjectInStats } from './open-project.ts';
import { ProjectRow, type RowControls } from './ProjectRow.tsx';
import { pinStore } from '@/lib/pins/change.ts';
import './pins.css';

/** Which days every row's figures cover, said once above them (the rows share one clock: lib/pins/row-headlines.ts). */
function RowsBasis() {
  const periods = rowPeriods(Date.now());
  const last = formatDay(dateToSeconds(periods.current.to) ?? 0);
  return <p class="hint projects-basis" data-basis-days={periods.days}>{t('pins.view.basis', { count: formatNumber(periods.days), last })}</p>;
}

/** Set when every row of the Projects tab shows its numbers or its error: npm run bench:projects waits for it. */
export const PROJECTS_PAINTED_MARK = 'vantage:projects-painted';

/** Where focus goes back after a move re-renders the list: the same control of the same row. */
type FocusAfter = { readonly project: string; readonly control: string } | null;

/**
 * The popup's Projects tab: every pinned project in the user's order, each
 * with its holder figures and a sparkline (ProjectRow). A click or Enter on a
 * project opens it in Stats; rows reorder by drag, by their arrow buttons or
 * Alt+Up/Down, each move said to screen readers; Unpin takes a row away.
 */
export function ProjectsPanel() {
  const stored = usePins();
  // What is shown: the stored list, or the order just chosen here while it is being saved.
  const [local, setLocal] = useState<PinnedList | null>(null);
  const pins = local ?? stored;
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [drag, setDrag] = useState<{ project: string; over: number; after: boolean } | null>(null);
  const focusAfter = useRef<FocusAfter>(null);
  const painted = useRef(new Set<string>());
  const marked = useRef(false);
  const listRef = useRef<HTMLOListElement>(null);
  const showTab = useShowTab();

  // The stored list caught up with the order chosen here (or another page changed it): show it.
  useEffect(() => setLocal(null), [stored]);

  useLayoutEffect(() => {
    const f = focusAfter.current;
    if (!f || !listRef.current) return;
    focusAfter.current = null;
    const row = [...listRef.current.querySelectorAll<HTMLElement>('li[data-project]')].find((li) => li.dataset.project === f.project);
    row?.querySelector<HTMLElement>(`[data-control="${f.control}"]`)?.focus();
  });

  if (!pins) return <div class="skeleton" style={{ height: '8em' }} aria-busy="true" />;

  const save = (next: PinnedList, write: () => Promise<unknown>) => {
    setLocal(next);
    setError(null);
    write().catch((e: unknown) => {
      setLocal(null);
      setError(t('pins.saveFailed', { reason: describeError(toErrorInfo(e)) }));
    });
  };
  const move = (project: string, to: number, control: string | null) => {
    const next = moveProject(pins, project, to);
    if (next === pins) return;
    if (control) focusAfter.current = { project, control };
    setSaid(t('pins.view.moved', { project, position: formatNumber(next.indexOf(project) + 1), count: formatNumber(next.length) }));
    save(next, () => pinStore().move(project, next.indexOf(project)));
  };
  const unpin = (project: string) => {
    const at = pins.indexOf(project);
    const next = unpinProject(pins, project);
    // Focus stays in the list: on the row that takes this one's place, else the one before.
    const neighbour = next[Math.min(at, next.length - 1)];
    if (neighbour) focusAfter.current = { project: neighbour, control: 'open' };
    setSaid(t('pins.view.unpinned', { project }));
    save(next, () => pinStore().unpin(project));
  };
  const open = (project: string) => {
    void showProjectInStats(project).then(
      () => showTab('stats'),
      (e: unknown) => setError(describeError(toErrorInfo(e))),
    );
  };
  const rowPainted = (project: string) => {
    painted.current.add(project);
    if (!marked.current && pins.every((p) => painted.current.has(p))) {
      marked.current = true;
      performance.mark(PROJECTS_PAINTED_MARK);
      document.documentElement.dataset.projectsPainted = String(pins.length);
    }
  };

  const controls = (project: string, index: number): RowControls => ({
    index,
    count: pins.length,
    dragging: drag?.project === project,
    dropMark: drag && drag.project !== project && drag.over === index ? (drag.after ? 'after' : 'before') : null,
    open: () => open(project),
    moveBy: (by, control) => move(project, index + by, control),
    unpin: () => unpin(project),
    painted: () => rowPainted(project),
    drag: {
      onDragStart: (e) => {
        // Firefox starts a drag only with data set.
        e.dataTransfer?.setData('text/plain', project);
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
        setDrag({ project, over: index, after: false });
      },
      onDragOver: (e) => {
        if (!drag) return;
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
        const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
        const after = e.clientY > box.top + box.height / 2;
        if (drag.over !== index || drag.after !== after) setDrag({ ...drag, over: index, after });
      },
      onDrop: (e) => {
        if (!drag) return;
        e.preventDefault();
        const from = pins.indexOf(drag.project);
        setDrag(null);
        move(drag.project, dropIndex(from, drag.over, drag.after), null);
      },
      onDragEnd: () => setDrag(null),
    },
  });

  return (
    <div class="projects">
      <div class="projects-head">
        <h3>{t('pins.view.label')}</h3>
        <span class="hint" data-testid="pins-count">{t('pins.view.count', { count: formatNumber(pins.length), max: formatNumber(MAX_PINS) })}</span>
      </div>
      {pins.length === 0 ? (
        <p class="empty">{t('pins.view.empty')}</p>
      ) : (
        <>
          <p class="hint projects-hint">{t('pins.view.hint')}</p>
          <RowsBasis />
          <ol class="pin-list" ref={listRef} aria-label={t('pins.view.label')}>
            {pins.map((p, i) => (
              <ProjectRow key={p} project={p} c={controls(p, i)} />
            ))}
          </ol>
        </>
      )}
      {error && <p class="status-error" role="alert">{error}</p>}
      {/* Moves and unpins, said to screen readers (the list itself shows them). */}
      <p class="sr-only" role="status" aria-live="polite">{said}</p>
    </div>
  );
}
