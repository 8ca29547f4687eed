import { browser } from 'wxt/browser';

/**
 * Closes storage.local to content scripts (Chromium's setAccessLevel; a
 * content script runs in the page's renderer, so a compromised renderer holds
 * whatever it can reach). Called first thing at every worker start: the level
 * does not outlive the browser session. Firefox has no such switch; there the
 * worker refuses the key to hosts the user never granted, and the consent and
 * proof decisions read only trusted storage (docs/security.md).
 */
export async function closeStorageToContentScripts(): Promise<void> {
  // The types declare setAccessLevel always present; Firefox has none.
  const local: Partial<Pick<typeof browser.storage.local, 'setAccessLevel'>> = browser.storage.local;
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
}
