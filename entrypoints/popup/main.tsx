import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { PopupApp, type PopupTab } from '@/components/popup/PopupApp.tsx';
import { lazyPanel } from '@/components/popup/lazy-panel.tsx';
import { lazy } from '@/components/ui/lazy.tsx';
import { StatsPanel } from '@/components/stats/StatsView.tsx';
import { t } from '@/lib/i18n/index.ts';
import { localizePage } from '@/lib/i18n/page.ts';
import { prepareWorker } from '@/lib/stats/page-client.ts';
import { prepareStorage } from '@/lib/storage/prepare.ts';

// For npm run bench:popup: every script of the first paint is loaded and evaluated; rendering starts.
performance.mark('vantage:popup.main');

// Stored items are read in this build's layout: one read of its version, and the migrations if storage is behind.
void prepareStorage();
// Before rendering: a cold open's worker starts, and reads the key, while the popup renders.
prepareWorker();
localizePage();

// Stats is the first thing people see; the other tabs load when first opened.
const tabs: PopupTab[] = [
  { id: 'stats', label: t('popup.tabs.stats'), Panel: StatsPanel },
  { id: 'projects', label: t('popup.tabs.projects'), Panel: lazyPanel(() => import('@/components/pins/ProjectsPanel.tsx').then((m) => m.ProjectsPanel)) },
  { id: 'score', label: t('popup.tabs.score'), Panel: lazyPanel(() => import('@/components/score/ScorePanel.tsx').then((m) => m.ScorePanel)) },
  { id: 'proofs', label: t('popup.tabs.proofs'), Panel: lazyPanel(() => import('@/components/proof/ProofsPanel.tsx').then((m) => m.ProofsPanel)) },
];

// It reads storage after the first paint anyway, and the build check (components/build/) rides on the replies
// to what the popup asks: their code loads then too.
const Notices = lazy(() => import('@/components/popup/PopupNotices.tsx').then((m) => m.PopupNotices));

// popup.html#projects opens on that tab (a link, the bench); anything else on the first.
render(<PopupApp tabs={tabs} initial={location.hash.slice(1) || undefined} notice={Notices} />, document.getElementById('app')!);
