import { render } from 'preact';
import '@/components/ui/theme.css';
import { StatsView } from '@/components/stats/StatsView.tsx';

render(<StatsView layout="page" />, document.getElementById('app')!);
