import { browser } from 'wxt/browser';
import { buildRoutes } from '../lib/background/routes.ts';
import { createMessageListener } from '../lib/messaging/router.ts';

export default defineBackground(() => {
  // Listeners are registered synchronously so a worker woken by an event sees it.
  const manifest = browser.runtime.getManifest();
  const routes = buildRoutes({ name: manifest.name, version: manifest.version });
  browser.runtime.onMessage.addListener(
    createMessageListener(routes, browser.runtime.id, new URL(browser.runtime.getURL('/')).origin) as never,
  );
});
