import { render } from 'preact';
import '@/components/ui/theme.css';
import { ScorePage } from '@/components/score/ScorePage.tsx';

// Opened by the "Check score of …" context-menu item: score.html?address=0x… (or ?noAddress=1);
// by a watched address's notification with its model too (&model=…).
const query = new URLSearchParams(location.search);
render(<ScorePage address={query.get('address') ?? ''} noAddress={query.has('noAddress')} model={query.get('model') ?? undefined} />, document.getElementById('app')!);
