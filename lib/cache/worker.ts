import { browser } from 'wxt/browser';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { currentScope, followScope } from './service-scope.ts';

/** The shared cache's upkeep: it keeps only the current account's answers. */
export const cacheWorker: WorkerFeature = {
  name: 'cache',
  init: ({ vault, scopeSecret, cache }) => {
    const scopeNow = () => currentScope(vault, scopeSecret);
    return {
      listen() {
        // Another service or key: the old account's answers go, and none fetched before the change is stored.
        followScope(scopeNow, (scope) => cache.retain(scope));
        browser.runtime.onInstalled.addListener(() => {
          // An update may leave entries of an older layout (without a scope) behind.
          scopeNow().then((scope) => cache.retain(scope)).catch((e: unknown) => console.warn('Vantage: cache not tidied:', String(e)));
        });
      },
    };
  },
};
