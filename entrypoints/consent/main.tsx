import { render } from 'preact';
import '@/components/ui/theme.css';
import { localizePage } from '@/lib/i18n/page.ts';
import { ConsentApp } from '@/components/proof/ConsentApp.tsx';
import { prepareStorage } from '@/lib/storage/prepare.ts';

// Stored items are read in this build's layout: one read of its version, and the migrations if storage is behind.
void prepareStorage();
// The URL carries only an opaque flow id; the details come from the worker.
const flowId = new URLSearchParams(location.search).get('flow') ?? '';
localizePage('page.consent');
render(<ConsentApp flowId={flowId} onDone={() => window.close()} />, document.getElementById('app')!);
