import type { Settings } from '../settings/schema.ts';
import { settingsItem } from '../settings/store.ts';

/** True when cached answers no longer describe the configured service. */
export function serviceChanged(before: Partial<Settings> | null | undefined, after: Partial<Settings> | null | undefined): boolean {
  return before?.dataBaseUrl !== after?.dataBaseUrl || before?.integrationBaseUrl !== after?.integrationBaseUrl;
}

/**
 * Cache keys name the operation and its parameters, not the service: when the
 * user points Vantage at another service, answers cached from the old one are
 * dropped rather than painted as the new one's.
 */
export function clearCacheOnServiceChange(clear: () => Promise<void>): () => void {
  return settingsItem.watch((after, before) => {
    if (serviceChanged(before, after)) clear().catch((e: unknown) => console.warn('Vantage: cache not cleared:', String(e)));
  });
}
