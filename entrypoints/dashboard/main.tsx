import { render } from 'preact';
import '@/components/ui/theme.css';
import { localizePage } from '@/lib/i18n/page.ts';
import { focusMetricBlock } from '@/components/stats/dashboard-target.ts';
import { StatsView } from '@/components/stats/StatsView.tsx';
import { parseDashboardHash } from '@/lib/stats/dashboard-link.ts';
import { prepareStorage } from '@/lib/storage/prepare.ts';

// Stored items are read in this build's layout: one read of its version, and the migrations if storage is behind.
void prepareStorage();
// dashboard.html#project=<id>[&metric=<id>] (the address-bar keyword, an alert's notification) opens on that
// project, at that metric's block (lib/stats/dashboard-link.ts); following another such link to this page
// changes only the hash, so the view is mounted afresh on it.
const show = () => {
  const { project, metric } = parseDashboardHash(location.hash);
  render(<StatsView key={project ?? ''} layout="page" openProject={project} />, document.getElementById('app')!);
  if (metric) focusMetricBlock(metric);
};
localizePage('page.dashboard');
addEventListener('hashchange', show);
show();
