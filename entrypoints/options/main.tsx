import { render } from 'preact';
import '../../components/ui/theme.css';
import { OptionsApp, type OptionsDeps } from '../../components/options/OptionsApp.tsx';
import { askWorker } from '../../lib/messaging/send.ts';
import { browserHostAccess } from '../../lib/settings/host-access.ts';
import { indexedDbVault } from '../../lib/settings/key-vault.ts';

const deps: OptionsDeps = {
  vault: indexedDbVault(),
  hostAccess: browserHostAccess(),
  testConnection: (input) => askWorker('settings.testConnection', input),
};

render(<OptionsApp deps={deps} />, document.getElementById('app')!);
