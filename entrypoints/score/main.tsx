import { render } from 'preact';
import '@/components/ui/theme.css';
import { ScorePage } from '@/components/score/ScorePage.tsx';

// Opened by the "Check score of …" and "Watch score of …" menu items and by a watch notification:
// score.html?address=0x…[&scoreId=…] (or ?noAddress=1).
const query = new URLSearchParams(location.search);
render(
  <ScorePage address={query.get('address') ?? ''} noAddress={query.has('noAddress')} scoreId={query.get('scoreId') || undefined} />,
  document.getElementById('app')!,
);
