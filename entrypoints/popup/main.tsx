import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { PopupApp, type PopupTab } from '@/components/popup/PopupApp.tsx';
import { lazyPanel } from '@/components/popup/lazy-panel.tsx';
import { StatsPanel } from '@/components/stats/StatsView.tsx';
import { prepareWorker } from '@/lib/stats/page-client.ts';

// Before rendering: a cold open's worker starts, and reads the key, while the popup renders.
prepareWorker();

// Stats is the first thing people see; the other tabs load when first opened.
const tabs: PopupTab[] = [
  { id: 'stats', label: 'Stats', Panel: StatsPanel },
  { id: 'score', label: 'Score', Panel: lazyPanel(() => import('@/components/score/ScorePanel.tsx').then((m) => m.ScorePanel)) },
  { id: 'proofs', label: 'Proofs', Panel: lazyPanel(() => import('@/components/proof/ProofsPanel.tsx').then((m) => m.ProofsPanel)) },
];

render(<PopupApp tabs={tabs} />, document.getElementById('app')!);
