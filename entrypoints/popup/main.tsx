import { render } from 'preact';
import '../../components/ui/theme.css';
import { PopupApp, type PopupTab } from '../../components/popup/PopupApp.tsx';
import { ScorePanel } from '../../components/score/ScorePanel.tsx';
import { StatsPanel } from '../../components/stats/StatsView.tsx';

// Each feature adds its panel here (stats, score lookup, proofs).
const tabs: PopupTab[] = [
  { id: 'stats', label: 'Stats', Panel: StatsPanel },
  { id: 'score', label: 'Score', Panel: ScorePanel },
];

render(<PopupApp tabs={tabs} />, document.getElementById('app')!);
