import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/index.ts';
import { loadSettings } from '@/lib/settings/store.ts';
import { measured } from '@/lib/timing/measure.ts';
import { pagePaintSnapshot } from '@/lib/stats/page-client.ts';
import { initialUiState, readUiState, rememberProject, statsUiItem, withProject, type StatsUiState } from '@/lib/stats/ui-state.ts';
import { defaultSettings } from '@/lib/settings/schema.ts';
import type { StatsFilters } from '@/lib/stats/query.ts';
import { ChangeBasis } from './ChangeBasis.tsx';
import { keyWorks, sharedError, StatsContext, useBlockReports, type StatsContextValue, type StatsLayout } from './context.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import { FilterBar } from './FilterBar.tsx';
import { SECTIONS } from './sections.tsx';
import { CompareContext } from './compare-context.ts';
import type { Comparison, ComparisonLink } from './use-comparison.ts';
import { lazy } from '@/components/ui/lazy.tsx';

const CompareControl = lazy(() => import('./CompareControl.tsx').then((m) => m.CompareControl));
// The tools under the stats (badge, pin) are below the first screen of the popup: they load after its first paint.
const BadgeControl = lazy(() => import('./BadgeControl.tsx').then((m) => m.BadgeControl));
const PinButton = lazy(() => import('@/components/pins/PinButton.tsx').then((m) => m.PinButton));
import './stats.css';

/** The remembered view (project, filters, options) as stored, or seeded from the settings on first use. */
function loadUiState(): Promise<StatsUiState> {
  return measured('page.ui-state', async () => {
    const stored = await readUiState();
    // The settings (default project, chain, token) matter only before a project was ever chosen.
    return initialUiState(stored, stored?.filters.project ? defaultSettings : await loadSettings());
  });
}

/**
 * The view state: the paint snapshot's copy in the first render, then the
 * stored one (which wins where they differ), then every change made here or
 * in another page. `openProject` (a dashboard link) is chosen over both, and
 * stored, as if picked in the filter bar.
 */
function useUiState(openProject: string | undefined): [StatsUiState | null, (next: StatsUiState) => void] {
  const opened = (s: StatsUiState) => (openProject ? withProject(s, openProject) : s);
  const [ui, setUiState] = useState<StatsUiState | null>(() => {
    const painted = pagePaintSnapshot().ui();
    return painted && opened(painted);
  });
  const setUi = (next: StatsUiState) => {
    // The stored state most often equals the snapshot's: keep the object, and every block stays as painted.
    setUiState((shown) => (JSON.stringify(shown) === JSON.stringify(next) ? shown : next));
    pagePaintSnapshot().rememberUi(next);
  };
  // Read during the first render, not in an effect a frame later. Once per
  // mount: a second read would queue behind, and delay, the cached entries' reads.
  const [loading] = useState(loadUiState);
  const changed = useRef(false);
  const save = (next: StatsUiState) => {
    changed.current = true;
    setUi(next);
    void statsUiItem.setValue(next);
  };
  useLayoutEffect(() => {
    let live = true;
    void loading.then((stored) => {
      if (!live || changed.current) return;
      const shown = opened(stored);
      if (shown === stored) setUi(stored);
      else save(shown);
    });
    // The popup and the dashboard follow each other's changes.
    const unwatch = statsUiItem.watch((next) => {
      if (!next) return;
      changed.current = true;
      setUi(next);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, []);
  return [ui, save];
}

/** Mounts its children once scrolled near the viewport: a section's requests start only when it is shown. */
function WhenVisible({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown || !ref.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true), { rootMargin: '200px' });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [shown]);
  return <div ref={ref} class={shown ? undefined : 'section-placeholder'}>{shown && children}</div>;
}

/** Outside the dashboard there is never a comparison. */
const NO_COMPARISON: Comparison = {
  other: null, value: null, failure: null, badLink: false,
  start: () => undefined, stop: () => undefined, retry: () => undefined, dismissBadLink: () => undefined,
};
const noComparison = (): Comparison => NO_COMPARISON;

/**
 * Project stats: the popup's Stats tab (`layout="popup"`: one section at a
 * time) and the dashboard (`layout="page"`: every section, larger, with CSV),
 * which a link may open on a project (lib/stats/dashboard-link.ts).
 */
export function StatsView({ layout, openProject, link, useComparison = noComparison }: {
  layout: StatsLayout;
  openProject?: string;
  link?: ComparisonLink;
  /** The dashboard's "Compare with…" (use-comparison.ts), passed in by the dashboard so the popup carries none of it. */
  useComparison?: (project: string, link: ComparisonLink | undefined) => Comparison;
}) {
  const [ui, save] = useUiState(openProject);
  // A second project beside the first, held in the page's URL.
  const comparison = useComparison(ui?.filters.project ?? '', link);
  const [refreshToken, setRefreshToken] = useState(0);
  const [reports, report] = useBlockReports();
  const works = keyWorks(Object.values(reports));
  const ctx = useMemo<StatsContextValue | null>(
    () =>
      ui && {
        filters: ui.filters,
        layout,
        refreshToken,
        options: ui.options,
        setOption: (block, name, value) => save({ ...ui, options: { ...ui.options, [block]: { ...ui.options[block], [name]: value } } }),
        report,
        keyWorks: works,
      },
    [ui, layout, refreshToken, works],
  );
  // The dashboard is a page of its own: its stats are its main landmark. In the popup they sit in the popup's.
  const Root = layout === 'page' ? 'main' : 'div';
  if (!ui || !ctx) return <Root class={`stats stats-${layout}`} aria-busy="true" />;

  const setFilters = (filters: StatsFilters) =>
    save({ ...ui, filters, recentProjects: rememberProject(ui.recentProjects, filters.project) });
  const project = ui.filters.project;
  const shared = project ? sharedError(Object.values(reports)) : null;
  const current = SECTIONS.find((s) => s.id === ui.section) ?? SECTIONS[0];
  const tools = (
    <div class="stats-tools">
      <BadgeControl filters={ui.filters} />
      {project && <PinButton project={project} />}
      {project && (
        <button type="button" onClick={() => setRefreshToken((n) => n + 1)} title={t('stats.tools.refreshTitle')}>
          {t('stats.tools.refresh')}
        </button>
      )}
      {layout === 'popup' && (
        <button type="button" onClick={() => void browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html') })}>
          {t('stats.tools.openDashboard')}
        </button>
      )}
    </div>
  );

  return (
    <StatsContext.Provider value={ctx}>
      <CompareContext.Provider value={comparison.value}>
      <Root class={`stats stats-${layout}`}>
        {layout === 'page' && (
          <header class="page-head">
            <h1>Vantage{project ? `: ${project}` : ''}</h1>
            {tools}
          </header>
        )}
        <FilterBar filters={ui.filters} recentProjects={ui.recentProjects} onChange={setFilters} />
        {link && project && <CompareControl comparison={comparison} project={project} recentProjects={ui.recentProjects} />}
        {project && <ChangeBasis range={ui.filters.range} />}
        {shared && <ErrorNotice error={shared} onRetry={() => setRefreshToken((n) => n + 1)} />}
        {!project && <p class="empty start">{t('stats.start')}</p>}
        {project && layout === 'popup' && (
          <>
            <nav class="section-tabs" role="tablist" aria-label={t('stats.sectionsLabel')}>
              {SECTIONS.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  role="tab"
                  id={`section-${s.id}`}
                  aria-selected={s.id === current.id}
                  aria-controls="section-panel"
                  onClick={() => save({ ...ui, section: s.id })}
                >
                  {s.label}
                </button>
              ))}
            </nav>
            <div role="tabpanel" id="section-panel" aria-labelledby={`section-${current.id}`} key={current.id}>
              <current.Section />
            </div>
          </>
        )}
        {project &&
          layout === 'page' &&
          SECTIONS.map((s, i) => (
            <section key={s.id} class="page-section" aria-labelledby={`h-${s.id}`}>
              <h2 id={`h-${s.id}`}>{s.label}</h2>
              {i === 0 ? <s.Section /> : <WhenVisible><s.Section /></WhenVisible>}
            </section>
          ))}
        {layout === 'popup' && <footer class="stats-foot">{tools}</footer>}
      </Root>
      </CompareContext.Provider>
    </StatsContext.Provider>
  );
}

/** The popup's Stats tab. */
export function StatsPanel() {
  return <StatsView layout="popup" />;
}
