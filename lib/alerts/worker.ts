/**
 * Metric alerts in the worker: an alarm runs the check on the user's
 * schedule while any rule is active; a one-shot alarm at the end of quiet
 * hours tells what they held back (a schedule whose every check falls in
 * quiet hours would otherwise never tell anything); messages from extension
 * pages create, edit, pause and delete rules, set the schedule, and check
 * now. The worker is the only writer of the alert items, one change at a time.
 */
import { browser } from 'wxt/browser';
import { syncPeriodicAlarm, type AlarmsPort } from '@/lib/platform/alarms.ts';
import { onBrowserStartOrInstall } from '@/lib/platform/lifecycle.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { inTurn } from '@/lib/async/in-turn.ts';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import type { Route } from '@/lib/messaging/router.ts';
import { browserNotifier } from '@/lib/notify/browser-notifier.ts';
import type { StatsDeps } from '@/lib/stats/worker.ts';
import { releaseHeld, runAlertCheck, type AlertCheckDeps, type AlertCheckOptions, type AlertCheckReport } from './check.ts';
import { MAX_RULES, parseRuleInput, type AlertRule, type AlertRuleInput } from './rule.ts';
import { parseSchedule, quietEnd, systemClock, type AlertSchedule } from './schedule.ts';
import type { AlertState } from './state.ts';
import { storageAlertStore } from './store.ts';

export const ALERTS_ALARM = 'vantage-alerts';
/** Once, when quiet hours end, while anything is held back. */
export const ALERTS_RELEASE_ALARM = 'vantage-alerts-release';

declare module '@/lib/messaging/protocol.ts' {
  interface WorkerRequests {
    /** Creates a rule (no id) or replaces one's condition and subject (id); its first check only takes bearings. */
    'alerts.save': { request: { rule: AlertRuleInput & { id?: string } }; response: AlertRule };
    'alerts.remove': { request: { id: string }; response: { removed: boolean } };
    /** Pauses or resumes a rule; a resumed rule takes its bearings afresh. */
    'alerts.pause': { request: { id: string; paused: boolean }; response: AlertRule };
    'alerts.schedule': { request: { schedule: AlertSchedule }; response: AlertSchedule };
    /** Checks every active rule now, skipping the cache's TTL. */
    'alerts.check': { request: Record<string, never>; response: AlertCheckReport };
  }
}

export interface AlertWorkerDeps extends AlertCheckDeps {
  /** `browser.alarms`, or a fake. */
  readonly alarms: AlarmsPort;
  readonly newId?: () => string;
}

/** An alarm while any rule is active, at the schedule's period; none otherwise. */
export async function syncAlertAlarm(deps: AlertWorkerDeps): Promise<void> {
  const { rules, schedule } = await deps.store.load();
  await syncPeriodicAlarm(deps.alarms, ALERTS_ALARM, rules.some((r) => !r.paused) ? schedule.periodMinutes : null);
}

/**
 * The release alarm: while anything is held, once at the end of the quiet
 * hours holding now (at once when none hold: quiet hours were turned off or
 * moved); none when nothing is held. Alarms outlive the worker, so a stopped
 * worker is woken for it.
 */
export async function syncReleaseAlarm(deps: AlertWorkerDeps): Promise<void> {
  const { state, schedule } = await deps.store.load();
  if (!state.held.length) {
    await deps.alarms.clear(ALERTS_RELEASE_ALARM);
    return;
  }
  const now = deps.clock.now();
  const when = quietEnd(now, schedule.quiet, deps.clock) ?? now;
  const alarm = await deps.alarms.get(ALERTS_RELEASE_ALARM);
  if (alarm?.scheduledTime !== when) await deps.alarms.create(ALERTS_RELEASE_ALARM, { when });
}

/** Both alarms, after anything that changes the rules, the schedule or what is held. */
async function syncAlarms(deps: AlertWorkerDeps): Promise<void> {
  await syncAlertAlarm(deps);
  await syncReleaseAlarm(deps);
}

function notFound(): ApiError {
  return new ApiError({ kind: 'invalid-params', message: t('alerts.error.gone') });
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The state without anything of one rule: its history and what it has held back. */
function forget(state: AlertState, id: string): AlertState {
  const { [id]: _gone, ...rest } = state.rules;
  return { ...state, rules: rest, held: state.held.filter((f) => f.ruleId !== id) };
}

export interface AlertsFeature {
  readonly routes: {
    'alerts.save': Route<'alerts.save'>;
    'alerts.remove': Route<'alerts.remove'>;
    'alerts.pause': Route<'alerts.pause'>;
    'alerts.schedule': Route<'alerts.schedule'>;
    'alerts.check': Route<'alerts.check'>;
  };
  listen(): void;
}

export function alertsFeature(deps: AlertWorkerDeps): AlertsFeature {
  const { store, clock } = deps;
  // One change at a time: a scheduled check and an edit never write over each other.
  const serial = inTurn();
  const bearings = (id: string) => runAlertCheck(deps, clock.now(), { only: [id], baseline: true }).catch(() => undefined);
  /** A check, then the release alarm for what it left held. */
  const check = async (options?: AlertCheckOptions): Promise<AlertCheckReport> => {
    const report = await runAlertCheck(deps, clock.now(), options);
    await syncReleaseAlarm(deps);
    return report;
  };
  /** What quiet hours held, told at their end; if still quiet (the clock changed), the alarm is set again. */
  const release = async (): Promise<void> => {
    await releaseHeld(deps, clock.now());
    await syncReleaseAlarm(deps);
  };
  const failedJob = (what: string) => (e: unknown) => console.error(`Vantage: ${what}:`, String(e));

  /** Replaces one rule; its state starts afresh (a new subject or condition has no history). */
  const replace = async (id: string, change: (r: AlertRule) => AlertRule): Promise<AlertRule> => {
    const { rules, state } = await store.load();
    const old = rules.find((r) => r.id === id);
    if (!old) throw notFound();
    const rule = change(old);
    await store.saveRules(rules.map((r) => (r.id === id ? rule : r)));
    await store.saveState(forget(state, id));
    return rule;
  };

  const routes: AlertsFeature['routes'] = {
    'alerts.save': {
      allow: ['extension-page'],
      parse: (p) => {
        const r = ((p ?? {}) as { rule?: Record<string, unknown> }).rule ?? {};
        return { rule: { ...parseRuleInput(r), ...(typeof r.id === 'string' ? { id: r.id } : {}) } };
      },
      handle: ({ rule: input }) => serial(async () => {
        const { id, ...fields } = input;
        let rule: AlertRule;
        if (id !== undefined) {
          rule = await replace(id, (old) => {
            const { extra: _old, ...kept } = old;
            return { ...kept, ...fields };
          });
        } else {
          const { rules } = await store.load();
          if (rules.length >= MAX_RULES) throw new ApiError({ kind: 'invalid-params', message: t('alerts.error.tooMany', { count: formatNumber(MAX_RULES) }) });
          rule = { id: deps.newId?.() ?? crypto.randomUUID(), ...fields, paused: false, createdAt: clock.now() };
          await store.saveRules([...rules, rule]);
        }
        await bearings(rule.id);
        await syncAlarms(deps);
        return rule;
      }),
    },
    'alerts.remove': {
      allow: ['extension-page'],
      parse: (p) => ({ id: text((p as { id?: unknown } | null)?.id) }),
      handle: ({ id }) => serial(async () => {
        const { rules, state } = await store.load();
        if (!rules.some((r) => r.id === id)) return { removed: false };
        await store.saveRules(rules.filter((r) => r.id !== id));
        await store.saveState(forget(state, id));
        await syncAlarms(deps);
        return { removed: true };
      }),
    },
    'alerts.pause': {
      allow: ['extension-page'],
      parse: (p) => {
        const q = (p ?? {}) as { id?: unknown; paused?: unknown };
        return { id: text(q.id), paused: q.paused === true };
      },
      handle: ({ id, paused }) => serial(async () => {
        const rule = await replace(id, (old) => ({ ...old, paused }));
        if (!paused) await bearings(id);
        await syncAlarms(deps);
        return rule;
      }),
    },
    'alerts.schedule': {
      allow: ['extension-page'],
      parse: (p) => ({ schedule: parseSchedule((p as { schedule?: unknown } | null)?.schedule) }),
      handle: ({ schedule }) => serial(async () => {
        await store.saveSchedule(schedule);
        await syncAlarms(deps);
        return schedule;
      }),
    },
    'alerts.check': {
      allow: ['extension-page'],
      parse: () => ({}),
      handle: () => serial(() => check({ force: true })),
    },
  };

  return {
    routes,
    listen() {
      // The job's promise is returned for tests to await; the browser ignores it.
      deps.alarms.onAlarm.addListener((alarm) => {
        if (alarm.name === ALERTS_ALARM) return serial(() => check()).then(() => undefined, failedJob('the alert check failed'));
        if (alarm.name === ALERTS_RELEASE_ALARM) return serial(release).catch(failedJob('the held alerts could not be told'));
        return undefined;
      });
      // Alarms persist while the worker sleeps; a browser restart or an update may drop them. Repaired
      // then, not at every wake-up: a popup's cold open wakes the worker, and its requests come first.
      onBrowserStartOrInstall(() => void serial(() => syncAlarms(deps)).catch(failedJob('the alert alarms could not be repaired')));
    },
  };
}

export const alertsWorker: WorkerFeature = {
  name: 'alerts',
  init: (deps) => {
    const stats: StatsDeps = { cache: deps.cache };
    const feature = alertsFeature({ ...stats, store: storageAlertStore, notifier: browserNotifier(), clock: systemClock, alarms: browser.alarms });
    return { routes: feature.routes, listen: () => feature.listen() };
  },
};
