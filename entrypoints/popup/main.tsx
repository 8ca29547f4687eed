import { render } from 'preact';
import '../../components/ui/theme.css';
import { PopupApp, type PopupTab } from '../../components/popup/PopupApp.tsx';

// Each feature adds its panel here (stats, score lookup, proofs).
const tabs: PopupTab[] = [];

render(<PopupApp tabs={tabs} />, document.getElementById('app')!);
