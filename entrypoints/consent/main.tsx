import { render } from 'preact';
import '@/components/ui/theme.css';
import { ConsentApp } from '@/components/proof/ConsentApp.tsx';

// The URL carries only an opaque flow id; the details come from the worker.
const flowId = new URLSearchParams(location.search).get('flow') ?? '';
render(<ConsentApp flowId={flowId} onDone={() => window.close()} />, document.getElementById('app')!);
