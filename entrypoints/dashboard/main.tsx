import { render } from 'preact';
import '@/components/ui/theme.css';
import { startBuildCheck } from '@/components/build/BuildNotice.tsx';
import { localizePage } from '@/lib/i18n/page.ts';
import { focusMetricBlock } from '@/components/stats/dashboard-target.ts';
import { StatsView } from '@/components/stats/StatsView.tsx';
import { useComparison, type ComparisonLink } from '@/components/stats/use-comparison.ts';
import { dashboardHash, parseDashboardHash } from '@/lib/stats/dashboard-link.ts';
import { prepareStorage } from '@/lib/storage/prepare.ts';

// Stored items are read in this build's layout: one read of its version, and the migrations if storage is behind.
void prepareStorage();
// The worker answering this page is of its build, or Vantage restarts into it (components/build/).
startBuildCheck({ reopen: true });
// dashboard.html#project=<id>[&metric=<id>][&compare=<id>] (the address-bar keyword, an alert's notification, a
// bookmarked comparison) opens on that project, at that metric's block, compared with that project
// (lib/stats/dashboard-link.ts); following another such link to this page changes only the hash, so the view is
// mounted afresh on a new project. The view writes the project and comparison shown back into the hash
// (replaceState: no hashchange, no history step), so a reload or a bookmark restores them.
const show = () => {
  const { project, metric, compare, badCompare } = parseDashboardHash(location.hash);
  const link: ComparisonLink = {
    compare,
    badCompare,
    write: (shown, compared) => {
      // A plain dashboard.html stays plain until something is compared; a link's metric stays with its project.
      if (!compared && !parseDashboardHash(location.hash).project) return;
      const hash = `#${dashboardHash({ project: shown, compare: compared, metric: shown === project ? metric : undefined })}`;
      if (location.hash !== hash) history.replaceState(history.state, '', hash);
    },
  };
  render(<StatsView key={project ?? ''} layout="page" openProject={project} link={link} useComparison={useComparison} />, document.getElementById('app')!);
  if (metric) focusMetricBlock(metric);
};
localizePage('page.dashboard');
addEventListener('hashchange', show);
show();
