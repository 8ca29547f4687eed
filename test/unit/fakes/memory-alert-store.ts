import { DEFAULT_SCHEDULE } from '@/lib/alerts/schedule.ts';
import { EMPTY_STATE, validData, type AlertStore } from '@/lib/alerts/state.ts';

/** The alert store for tests and the bench: the same checks, kept in memory as JSON (what storage would hold). */
export function memoryAlertStore(): AlertStore & { bytes(): number } {
  let rules = '[]';
  let state = JSON.stringify(EMPTY_STATE);
  let schedule = JSON.stringify(DEFAULT_SCHEDULE);
  return {
    async load() {
      return validData(JSON.parse(rules), JSON.parse(state), JSON.parse(schedule));
    },
    async saveRules(v) {
      rules = JSON.stringify(v);
    },
    async saveState(v) {
      state = JSON.stringify(v);
    },
    async saveSchedule(v) {
      schedule = JSON.stringify(v);
    },
    bytes: () => rules.length + state.length + schedule.length,
  };
}
