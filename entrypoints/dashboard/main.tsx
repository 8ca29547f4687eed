import { render } from 'preact';
import '@/components/ui/theme.css';
import { localizePage } from '@/lib/i18n/page.ts';
import { StatsView } from '@/components/stats/StatsView.tsx';
import { parseDashboardHash } from '@/lib/stats/dashboard-link.ts';

// dashboard.html#project=<id> opens on that project (lib/stats/dashboard-link.ts); following another such
// link to this page changes only the hash, so the view is mounted afresh on it.
const show = () => {
  const { project } = parseDashboardHash(location.hash);
  render(<StatsView key={project ?? ''} layout="page" openProject={project} />, document.getElementById('app')!);
};
localizePage('page.dashboard');
addEventListener('hashchange', show);
show();
