import { isRecord } from '@/lib/api/body.ts';
import type { Migration } from '../area.ts';

/**
 * Schema 2: the cause of a missing change, as alerts keep it (alertState's
 * rule states, shown in Options › Alerts as the rule's last change).
 *
 * Schema 1 said every change without a figure `{ kind: 'no-current' }`, both
 * when the rule's window held no complete day yet and when the current figure
 * was unknown; lib/stats/change.ts now tells them apart (`no-complete-day`,
 * and `no-current` with why). What was stored tells them apart too: a check
 * records `changeDays` only when the window held complete days. So a stored
 * `no-current` without `changeDays` becomes `no-complete-day`; one with it
 * stays `no-current` (the figure unknown, cause not recorded). One write of
 * the item, idempotent; nothing else is touched.
 */
export const migration002: Migration = {
  version: 2,
  name: 'alert states: a change with no complete day yet is said as such',
  async migrate(ctx) {
    const { alertState } = await ctx.local.get('alertState');
    if (!isRecord(alertState) || !isRecord(alertState.rules)) return;
    let changed = false;
    const rules: Record<string, unknown> = {};
    for (const [id, state] of Object.entries(alertState.rules)) {
      const noCompleteDay = isRecord(state) && isRecord(state.change) && state.change.kind === 'no-current' && state.changeDays === undefined;
      rules[id] = noCompleteDay ? { ...state, change: { kind: 'no-complete-day' } } : state;
      changed ||= noCompleteDay;
    }
    if (changed) await ctx.local.set({ alertState: { ...alertState, rules } });
  },
};
