/**
 * Where alerts live: the rules, what each check left (last check, last
 * value, held notifications) and the schedule, each a typed, versioned item
 * in storage.local (not secret: docs/security.md says what a reader learns).
 * Only the worker writes them, one change at a time; pages read them.
 */
import { storage } from 'wxt/utils/storage';
import type { AlertRule } from './rule.ts';
import { DEFAULT_SCHEDULE, type AlertSchedule } from './schedule.ts';
import { EMPTY_STATE, validData, type AlertState, type AlertStore } from './state.ts';

export const alertRulesItem = storage.defineItem<readonly AlertRule[]>('local:alertRules', { fallback: [], version: 1 });
export const alertStateItem = storage.defineItem<AlertState>('local:alertState', { fallback: EMPTY_STATE, version: 1 });
export const alertScheduleItem = storage.defineItem<AlertSchedule>('local:alertSchedule', { fallback: DEFAULT_SCHEDULE, version: 1 });

export const storageAlertStore: AlertStore = {
  async load() {
    const [rawRules, rawState, rawSchedule] = await Promise.all([alertRulesItem.getValue(), alertStateItem.getValue(), alertScheduleItem.getValue()]);
    return validData(rawRules, rawState, rawSchedule);
  },
  saveRules: (rules) => alertRulesItem.setValue(rules),
  saveState: (state) => alertStateItem.setValue(state),
  saveSchedule: (schedule) => alertScheduleItem.setValue(schedule),
};
