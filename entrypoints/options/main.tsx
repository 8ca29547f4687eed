import { render } from 'preact';
import '../../components/ui/theme.css';

render(<main><h1>Vantage options</h1></main>, document.getElementById('app')!);
