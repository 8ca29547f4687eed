import { storage } from 'wxt/utils/storage';
import { isRestartRecord, type RestartRecord } from './restart.ts';

/**
 * The last restart a page asked for to end a mix of builds (lib/build/restart.ts). In storage.local:
 * storage.session is emptied by the very restart it must outlive.
 */
const restartItem = storage.defineItem<unknown>('local:buildRestart', { fallback: null });

export interface RestartStore {
  get(): Promise<RestartRecord | null>;
  set(record: RestartRecord): Promise<void>;
  clear(): Promise<void>;
}

export const restartStore: RestartStore = {
  get: async () => {
    const v = await restartItem.getValue();
    return isRestartRecord(v) ? v : null;
  },
  set: (record) => restartItem.setValue(record),
  clear: () => restartItem.removeValue(),
};
