import { render } from 'preact';
import '@/components/ui/theme.css';
import { startBuildCheck } from '@/components/build/BuildNotice.tsx';
import { localizePage } from '@/lib/i18n/page.ts';
import { OptionsApp, type OptionsDeps } from '@/components/options/OptionsApp.tsx';
import { askWorker } from '@/lib/messaging/send.ts';
import { openShortcutSettings, popupShortcut } from '@/lib/platform/commands.ts';
import { browserHostAccess } from '@/lib/settings/host-access.ts';
import { indexedDbVault } from '@/lib/settings/key-vault.ts';
import { siteLists } from '@/lib/settings/site-lists.ts';
import { pageScope } from '@/lib/stats/page-client.ts';
import { prepareStorage } from '@/lib/storage/prepare.ts';

// Stored items are read in this build's layout: one read of its version, and the migrations if storage is behind.
void prepareStorage();
// The worker answering this page is of its build, or Vantage restarts into it (components/build/).
startBuildCheck({ reopen: true });
const vault = indexedDbVault();
const deps: OptionsDeps = {
  vault,
  siteLists: siteLists(vault),
  hostAccess: browserHostAccess(),
  testConnection: (input) => askWorker('settings.testConnection', input),
  keyboard: { popupShortcut, openShortcutSettings },
};

// The worker drops the old service's or key's cached answers; the popup's copy of them goes too, here where the change is made.
pageScope().scope().catch((e: unknown) => console.warn('Vantage: cache scope not worked out:', String(e)));

localizePage('page.options');
render(<OptionsApp deps={deps} />, document.getElementById('app')!);
