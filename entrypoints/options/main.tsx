import { render } from 'preact';

render(<main><h1>Vantage</h1></main>, document.getElementById('app')!);
