import { browser } from 'wxt/browser';
import { buildRoutes } from '../lib/background/routes.ts';
import { createMessageListener } from '../lib/messaging/router.ts';
import { applyDevPreset } from '../lib/settings/dev-preset.ts';
import { indexedDbVault } from '../lib/settings/key-vault.ts';

// `npm start` builds with the sandbox's demo key; a production build has none (the branch is dropped).
const SANDBOX_KEY: string | undefined = import.meta.env.DEV ? import.meta.env.WXT_SANDBOX_API_KEY : undefined;

export default defineBackground(() => {
  // Listeners are registered synchronously so a worker woken by an event sees it.
  const manifest = browser.runtime.getManifest();
  const routes = buildRoutes({ name: manifest.name, version: manifest.version });
  browser.runtime.onMessage.addListener(
    createMessageListener(routes, browser.runtime.id, new URL(browser.runtime.getURL('/')).origin) as never,
  );
  browser.runtime.onInstalled.addListener(() => {
    applyDevPreset(indexedDbVault(), SANDBOX_KEY).catch((e: unknown) => console.warn('Vantage: sandbox preset not applied:', String(e)));
  });
});
