import { render } from 'preact';
import '@/components/ui/theme.css';
import { startBuildCheck } from '@/components/build/BuildNotice.tsx';
import { localizePage } from '@/lib/i18n/page.ts';
import { ScorePage } from '@/components/score/ScorePage.tsx';
import { prepareStorage } from '@/lib/storage/prepare.ts';

// Stored items are read in this build's layout: one read of its version, and the migrations if storage is behind.
void prepareStorage();
// The worker answering this page is of its build, or Vantage restarts into it (components/build/).
startBuildCheck({ reopen: true });
// Opened by the "Check score of …" and "Watch score of …" menu items, a watch notification and the
// address-bar keyword: score.html?address=0x…[&model=…] (or ?noAddress=1), lib/score/menu.ts.
const query = new URLSearchParams(location.search);
localizePage('page.score');
render(
  <ScorePage address={query.get('address') ?? ''} scoreId={query.get('model') || undefined} noAddress={query.has('noAddress')} />,
  document.getElementById('app')!,
);
