import { vi } from 'vitest';
import type { OptionsDeps } from '@/components/options/OptionsApp.tsx';
import type { HostAccess } from '@/lib/settings/host-access.ts';
import { siteLists } from '@/lib/settings/site-lists.ts';
import { memoryVault } from './memory-vault.ts';

/** What the Options page is given, with a vault in memory and spies for host access, the connection test and shortcuts. */
export function optionsDeps() {
  const vault = memoryVault();
  return {
    vault,
    siteLists: siteLists(vault),
    hostAccess: { request: vi.fn<HostAccess['request']>(async () => true), releaseAllBut: vi.fn<HostAccess['releaseAllBut']>(async () => undefined) },
    testConnection: vi.fn<OptionsDeps['testConnection']>(),
    keyboard: { popupShortcut: async () => ({ shortcut: 'Alt+Shift+V' }), openShortcutSettings: vi.fn(async () => undefined) },
  };
}
