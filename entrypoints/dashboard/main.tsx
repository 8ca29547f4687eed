import { render } from 'preact';
import '@/components/ui/theme.css';
import { focusMetricBlock, adoptDashboardTarget } from '@/components/stats/dashboard-target.ts';
import { StatsView } from '@/components/stats/StatsView.tsx';

// `#project=…&metric=…` (a notification's click) opens on that project, at that metric's block.
void adoptDashboardTarget(location.hash).catch(() => null).then((metric) => {
  render(<StatsView layout="page" />, document.getElementById('app')!);
  if (metric) focusMetricBlock(metric);
});
