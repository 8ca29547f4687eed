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
import type { CacheEntry } from '@/lib/cache/swr.ts';
import { coversText, headline, headlineBasis, headlineNeeds, type Answer, type Headline, type Need } from '@/lib/stats/headline.ts';
import { toolbarButton, type ToolbarButton } from '@/lib/platform/toolbar.ts';
import { fetchComplete, type StatsDeps } from '@/lib/stats/worker.ts';
import { requestKey } from '@/lib/stats/query.ts';
import { badgeRequest } from './metrics.ts';
import { badgeSettingItem, type BadgeSetting } from './setting.ts';
import { badgeChangeWords, badgeTitle, badgeWhat } from './wording.ts';

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

type Watched = Extract<BadgeSetting, { filters: unknown }>;

const answerOf = (e: CacheEntry<unknown>): Answer => ({ body: e.value, storedAt: e.storedAt });

/**
 * The setting's headline (lib/stats/headline.ts): the figure and change the popup shows for the same project and
 * range, from the same requests (and cache entries): each period's, fetched once its days are over.
 */
async function badgeHeadline(deps: BadgeDeps, setting: Watched, withChange: boolean): Promise<Headline> {
  const basis = headlineBasis(setting.filters.range, deps.now?.() ?? Date.now());
  const needs = headlineNeeds(badgeRequest(setting.metric, setting.filters), basis);
  const fetch = (n: Need | undefined) => (n ? fetchComplete(deps, n).then(answerOf) : Promise.resolve(undefined));
  const [range, current, previous] = await Promise.all([fetch(needs.range), fetch(needs.current), withChange ? fetch(needs.previous) : undefined]);
  return headline(setting.metric, basis, { range, current, previous });
}

/** The headline from what the cache holds, however old (the service failed): its figure, or undefined. */
async function storedFigure(deps: BadgeDeps, setting: Watched): Promise<(Headline & { value: number | null }) | undefined> {
  const basis = headlineBasis(setting.filters.range, deps.now?.() ?? Date.now());
  const needs = headlineNeeds(badgeRequest(setting.metric, setting.filters), basis);
  const peek = (n: Need | undefined) => (n ? deps.cache.peek(requestKey(n.request)).then((e) => (e ? answerOf(e) : undefined), () => undefined) : Promise.resolve(undefined));
  const [range, current] = await Promise.all([peek(needs.range), peek(needs.current)]);
  const h = headline(setting.metric, basis, { range, current });
  return h.value === undefined ? undefined : { ...h, value: h.value };
}

/** The change in the badge ("+4%"), its colour, and its words in the title (per day for a level, as on hover in the popup). */
function changeShown(setting: Watched, h: Headline): { text: string; words: string; colour: string } {
  const change = h.change ?? { kind: 'failed' };
  const text = change.kind === 'relative' ? formatBadgeChange(change.direction === 'flat' ? 0 : change.ratio) : change.kind === 'from-zero' && change.direction === 'up' ? '\u25B2' : '\u2013';
  const colour = change.kind === 'relative' && change.direction !== 'flat' ? COLOURS[change.direction] : COLOURS.plain;
  return { text, words: badgeChangeWords(setting.metric, change, h.days || 1), colour };
}

/** Works out and shows the badge for a setting; answers what was shown. */
export async function updateBadge(deps: BadgeDeps, setting: BadgeSetting): Promise<BadgeShown> {
  let shown: BadgeShown & { colour?: string };
  if (setting.metric === 'off') {
    shown = { text: '', title: deps.title };
  } else {
    const { project } = setting.filters;
    const now = deps.now?.() ?? Date.now();
    const basis = headlineBasis(setting.filters.range, now);
    const days = basis.kind === 'complete' ? basis.periods.days : null;
    const problem = (e: unknown) => describeError(toErrorInfo(e), now);
    if (setting.show === 'change') {
      const what = badgeWhat(setting.metric, 'change', days);
      shown = await badgeHeadline(deps, setting, true).then(
        (h) => {
          const c = changeShown(setting, h);
          return { text: c.text, title: badgeTitle(deps.title, project, what, c.words), colour: c.colour };
        },
        (e: unknown) => ({ text: '!', title: badgeTitle(deps.title, project, what, problem(e)) }),
      );
    } else {
      // What it shows, with the days its figure covers once known ("Total holders, at the end of Nov 26").
      const what = (h?: Pick<Headline, 'covers'>) => badgeWhat(setting.metric, 'value', days, h ? coversText(h.covers, t('stats.chart.todaySoFar')) : null);
      try {
        const h = await badgeHeadline(deps, setting, false);
        shown = { text: formatBadge(h.value), title: badgeTitle(deps.title, project, what(h), formatNumber(h.value)) };
      } catch (e) {
        // Keep showing the last known number, and say why it is old.
        const last = await storedFigure(deps, setting);
        shown = last
          ? { text: formatBadge(last.value), title: badgeTitle(deps.title, project, what(last), t('badge.notUpdated', { value: formatNumber(last.value), problem: problem(e) })) }
          : { text: '!', title: badgeTitle(deps.title, project, what(), problem(e)) };
      }
    }
  }
  // The text last: the three are separate calls, and whoever sees the new text (a user, a test) then sees its tooltip and colour.
  await deps.action.setBadgeBackgroundColor({ color: shown.text === '!' ? COLOURS.problem : shown.colour ?? COLOURS.plain }).catch(() => undefined);
  await deps.action.setTitle({ title: shown.title });
  await deps.action.setBadgeText({ text: shown.text });
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
