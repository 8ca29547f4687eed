/**
 * Where alerts live: the rules, what each check left (last check, last
 * value, held notifications) and the schedule, each a typed item in
 * storage.local (not secret: docs/security.md says what a reader learns),
 * laid out as the storage schema says (lib/storage/).
 * Only the worker writes them, one change at a time; pages read them.
 */
import { storage } from 'wxt/utils/storage';
import { storageSettled } from '@/lib/settings/storage-gate.ts';
import type { AlertRule } from './rule.ts';
import { DEFAULT_SCHEDULE, type AlertSchedule } from './schedule.ts';
import { EMPTY_STATE, validData, type AlertState, type AlertStore } from './state.ts';

export const alertRulesItem = storage.defineItem<readonly AlertRule[]>('local:alertRules', { fallback: [] });
export const alertStateItem = storage.defineItem<AlertState>('local:alertState', { fallback: EMPTY_STATE });
export const alertScheduleItem = storage.defineItem<AlertSchedule>('local:alertSchedule', { fallback: DEFAULT_SCHEDULE });

export const storageAlertStore: AlertStore = {
  async load() {
    await storageSettled();
    const [rawRules, rawState, rawSchedule] = await Promise.all([alertRulesItem.getValue(), alertStateItem.getValue(), alertScheduleItem.getValue()]);
    return validData(rawRules, rawState, rawSchedule);
  },
  saveRules: async (rules) => {
    await storageSettled();
    await alertRulesItem.setValue(rules);
  },
  saveState: async (state) => {
    await storageSettled();
    await alertStateItem.setValue(state);
  },
  saveSchedule: async (schedule) => {
    await storageSettled();
    await alertScheduleItem.setValue(schedule);
  },
};
