/**
 * The toolbar badge, driven from the worker: an alarm refreshes it on a
 * schedule while a metric is chosen; choosing "off" clears it and the alarm.
 * Values come through the shared stats cache, so a badge refresh and an
 * open popup share one request.
 */
import { browser } from 'wxt/browser';
import { syncPeriodicAlarm, type AlarmsPort } from '@/lib/platform/alarms.ts';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { t } from '@/lib/i18n/index.ts';
import type { WorkerFeature } from '@/lib/background/feature.ts';
import { formatBadge, formatBadgeChange, formatNumber } from '@/lib/format/number.ts';
import { changeOf, changeSource } from '@/lib/stats/change-sources.ts';
import { comparedPeriods } from '@/lib/stats/periods.ts';
import { toolbarButton, type ToolbarButton } from '@/lib/platform/toolbar.ts';
import { fetchComplete, fetchStat, periodNeeds, type StatsDeps } from '@/lib/stats/worker.ts';
import { requestKey } from '@/lib/stats/query.ts';
import { BADGE_METRICS, badgeRequest } from './metrics.ts';
import { badgeSettingItem, type BadgeSetting } from './setting.ts';
import { badgeChangeWords, badgeTitle, badgeWhat, figureDay } from './wording.ts';

export const BADGE_ALARM = 'vantage-badge';

/** The parts of the toolbar button and `browser.alarms` the badge uses (fakeable). */
export type BadgeAction = ToolbarButton;

export type BadgeAlarms = AlarmsPort;

export interface BadgeDeps extends StatsDeps {
  readonly action: BadgeAction;
  readonly alarms: BadgeAlarms;
  readonly title: string;
}

export interface BadgeShown {
  readonly text: string;
  readonly title: string;
}

const COLOURS = { plain: '#3d5afe', up: '#1a7a45', down: '#c62828', problem: '#c62828' } as const;

/**
 * The metric's change against the previous period of the setting's range
 * (complete days only, the popup's period requests and cache): "+4%" in
 * the badge, the words in the title.
 */
async function changeShown(deps: BadgeDeps, setting: Extract<BadgeSetting, { filters: unknown }>): Promise<BadgeShown & { colour: string }> {
  const periods = comparedPeriods(setting.filters.range, deps.now?.() ?? Date.now());
  const answers = periods ? await Promise.all(periodNeeds(badgeRequest(setting.metric, setting.filters), periods).map((n) => fetchComplete(deps, n))) : [];
  const change = changeOf(changeSource(setting.metric), periods, answers[0]?.value ?? null, answers[1]?.value ?? null) ?? { kind: 'no-current' };
  const words = badgeChangeWords(setting.metric, change, periods?.days ?? 1);
  const what = badgeWhat(setting.metric, 'change', periods?.days ?? null);
  const text = change.kind === 'relative' ? formatBadgeChange(change.direction === 'flat' ? 0 : change.ratio) : change.kind === 'from-zero' && change.direction === 'up' ? '\u25B2' : '\u2013';
  const colour = change.kind === 'relative' && change.direction !== 'flat' ? COLOURS[change.direction] : COLOURS.plain;
  return { text, title: badgeTitle(deps.title, setting.filters.project, what, words), colour };
}

/** Works out and shows the badge for a setting; answers what was shown. */
export async function updateBadge(deps: BadgeDeps, setting: BadgeSetting): Promise<BadgeShown> {
  let shown: BadgeShown & { colour?: string };
  if (setting.metric === 'off') {
    shown = { text: '', title: deps.title };
  } else if (setting.show === 'change') {
    shown = await changeShown(deps, setting).catch((e: unknown) => {
      const now = deps.now?.() ?? Date.now();
      const what = badgeWhat(setting.metric, 'change', comparedPeriods(setting.filters.range, now)?.days ?? null);
      return { text: '!', title: badgeTitle(deps.title, setting.filters.project, what, describeError(toErrorInfo(e), now)) };
    });
  } else {
    const metric = BADGE_METRICS[setting.metric];
    const request = badgeRequest(setting.metric, setting.filters);
    const project = setting.filters.project;
    // The day the number stands on, named in the title (wording.ts).
    const what = (entry?: { value: unknown; storedAt: number }) => badgeWhat(setting.metric, 'value', null, entry ? figureDay(setting.metric, entry.value, entry.storedAt) : null);
    try {
      const entry = await fetchStat(deps, request);
      const value = metric.read(entry.value, entry.storedAt);
      shown = { text: formatBadge(value), title: badgeTitle(deps.title, project, what(entry), formatNumber(value)) };
    } catch (e) {
      // Keep showing the last known number, and say why it is old.
      const stale = await deps.cache.peek(requestKey(request)).catch(() => undefined);
      const problem = describeError(toErrorInfo(e), deps.now?.() ?? Date.now());
      const last = stale ? metric.read(stale.value, stale.storedAt) : undefined;
      shown = last !== undefined
        ? { text: formatBadge(last), title: badgeTitle(deps.title, project, what(stale), t('badge.notUpdated', { value: formatNumber(last), problem })) }
        : { text: '!', title: badgeTitle(deps.title, project, what(), problem) };
    }
  }
  await deps.action.setBadgeBackgroundColor({ color: shown.text === '!' ? COLOURS.problem : shown.colour ?? COLOURS.plain }).catch(() => undefined);
  await deps.action.setBadgeText({ text: shown.text });
  await deps.action.setTitle({ title: shown.title });
  return { text: shown.text, title: shown.title };
}

/** Makes the alarm match the setting; `refresh` also updates the badge now. */
export async function syncBadge(deps: BadgeDeps, setting: BadgeSetting, refresh: boolean): Promise<void> {
  // A badge whose alarm was just made or removed is updated now (shown, or cleared).
  const changed = await syncPeriodicAlarm(deps.alarms, BADGE_ALARM, setting.metric === 'off' ? null : setting.periodMinutes);
  if (changed || refresh) await updateBadge(deps, setting);
}

/**
 * Wires the badge into the worker. Call synchronously at the worker's start
 * (badgeWorker's listen): the alarm listener must exist when an alarm wakes it.
 */
export function startBadge(deps: BadgeDeps): void {
  // One job at a time, each reading the setting afresh: a wake-up sync racing a change cannot undo it.
  let queue: Promise<unknown> = Promise.resolve();
  const run = (job: (s: BadgeSetting) => Promise<unknown>) => {
    queue = queue.then(() => badgeSettingItem.getValue()).then(job).catch(() => undefined);
  };
  deps.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BADGE_ALARM) run((s) => updateBadge(deps, s));
  });
  badgeSettingItem.watch(() => run((s) => syncBadge(deps, s, true)));
  // On wake-up: only repair the alarm; the badge text itself persists between worker runs.
  run((s) => syncBadge(deps, s, false));
}

export const badgeWorker: WorkerFeature = {
  name: 'badge',
  init: (deps) => ({
    listen: () => startBadge({ cache: deps.cache, title: deps.name, alarms: browser.alarms, action: toolbarButton() }),
  }),
};
