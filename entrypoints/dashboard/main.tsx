import { render } from 'preact';
import '@/components/ui/theme.css';
import { localizePage } from '@/lib/i18n/page.ts';
import { StatsView } from '@/components/stats/StatsView.tsx';

localizePage('page.dashboard');
render(<StatsView layout="page" />, document.getElementById('app')!);
