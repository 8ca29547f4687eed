import { render } from 'preact';
import '../../components/ui/theme.css';
import { PopupApp, type PopupTab } from '../../components/popup/PopupApp.tsx';
import { ScorePanel } from '../../components/score/ScorePanel.tsx';

// Each feature adds its panel here (stats, score lookup, proofs).
const tabs: PopupTab[] = [
  { id: 'score', label: 'Score', Panel: ScorePanel },
];

render(<PopupApp tabs={tabs} />, document.getElementById('app')!);
