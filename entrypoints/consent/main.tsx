import { render } from 'preact';
import '@/components/ui/theme.css';
import { startBuildCheck } from '@/components/build/BuildNotice.tsx';
import { localizePage } from '@/lib/i18n/page.ts';
import { ConsentApp } from '@/components/proof/ConsentApp.tsx';
import { prepareStorage } from '@/lib/storage/prepare.ts';

// Stored items are read in this build's layout: one read of its version, and the migrations if storage is behind.
void prepareStorage();
// The worker answering this window is of its build, or Vantage restarts into it (components/build/); a restart
// ends the request, so the window is not opened again.
startBuildCheck({ reopen: false });
// The URL carries only an opaque flow id; the details come from the worker.
const flowId = new URLSearchParams(location.search).get('flow') ?? '';
localizePage('page.consent');
render(<ConsentApp flowId={flowId} onDone={() => window.close()} />, document.getElementById('app')!);
