import { render } from 'preact';
import '../../components/ui/theme.css';
import { PopupApp, type PopupTab } from '../../components/popup/PopupApp.tsx';
import { ProofsPanel } from '../../components/proof/ProofsPanel.tsx';
import { ScorePanel } from '../../components/score/ScorePanel.tsx';
import { StatsPanel } from '../../components/stats/StatsView.tsx';

// Each feature adds its panel here (stats, score lookup, proofs).
const tabs: PopupTab[] = [
  { id: 'stats', label: 'Stats', Panel: StatsPanel },
  { id: 'score', label: 'Score', Panel: ScorePanel },
  { id: 'proofs', label: 'Proofs', Panel: ProofsPanel },
];

render(<PopupApp tabs={tabs} />, document.getElementById('app')!);
