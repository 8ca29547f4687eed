// @vitest-environment happy-dom
/**
 * Every view agrees. One project's answers, from the sandbox's data API run
 * in-process on a fake clock (a faithful service: the days are the events'
 * UTC days), are fed to each view that shows a headline number or its change:
 * the popup's and the dashboard's blocks (rendered), the dashboard's compared
 * project (rendered, as the other column of a comparison), a pinned row of the
 * Projects tab (rendered), the toolbar badge (its number and its change) and a
 * period-change alert's evaluation. All of them share one worker cache, as in
 * the extension. Each must show the figure and the change worked out here from
 * the service's raw answers under the documented rule (the last N complete UTC
 * days of the picked range against the N before; the figure beside a change
 * covers its days; a level shows its latest complete day and compares means
 * per day; today's partial day never counts) at the same moment: mid-day, just
 * before and just after midnight UTC (after a popup opened just before it),
 * for counts, means per day and shares, with earlier data, no earlier data and
 * an earlier zero, for the last 7, 30 and 90 days, a picked range in the past,
 * one running to today, and today alone.
 */
import { render } from 'preact';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { ApiClient } from '@/lib/api/client.ts';
import { getOperation, type DataOperationId } from '@/lib/api/catalog.ts';
import type { AlertRule } from '@/lib/alerts/rule.ts';
import type { AlertClock } from '@/lib/alerts/schedule.ts';
import { runAlertCheck } from '@/lib/alerts/check.ts';
import { updateBadge, type BadgeDeps } from '@/lib/badge/worker.ts';
import type { BadgeMetric } from '@/lib/badge/metrics.ts';
import { formatBadge, formatBadgeChange, formatNumber, formatPercent } from '@/lib/format/number.ts';
import type { StatsFilters, StatsRequest, TimeRange } from '@/lib/stats/query.ts';
import { fetchStat, type StatsDeps } from '@/lib/stats/worker.ts';
import { memoryAlertStore } from '@/test/unit/fakes/memory-alert-store.ts';
import { memoryStore } from '@/test/unit/fakes/memory-store.ts';
import { inTestScope, testCache } from '@/test/unit/cache/fakes.ts';
import { createDataset } from '@/test/sandbox/dataset/index.ts';
import { createDataApi, type DataApi } from '@/test/sandbox/data-api/index.ts';
import { eventually } from '@/test/unit/eventually.ts';

const DAY = 86_400;
const PROJECT = 'nebula';
const OTHER = 'tidal';

// ---- the service, and the one worker cache every view reads through ----

/** What the service answers for windows wholly before the compared days: as it is, nothing, or zeros. */
type Earlier = 'as-is' | 'none' | 'zero';

const w = vi.hoisted(() => ({ deps: null as unknown as StatsDeps, store: null as unknown as ReturnType<typeof memoryStore<unknown>>, asked: [] as string[] }));

vi.mock('@/lib/stats/page-client.ts', () => ({
  pagePaintSnapshot: () => ({ entry: () => undefined, rememberEntry: () => undefined, ui: () => null, rememberUi: () => undefined }),
  pageScope: () => ({ afterScope: () => undefined }),
  // A page as in the extension: stored entries read straight from the worker's store, fresh ones asked of the worker.
  pageLoaderDeps: () => ({
    peek: async (key: string) => w.store.get(inTestScope(key)),
    fetch: (request: StatsRequest, force: boolean) => fetchStat(w.deps, request, force),
    now: () => Date.now(),
    ttlMs: 60_000,
  }),
}));
// happy-dom has no canvas: the charts and sparklines (the real uPlot code) draw into a 2D context and paths that draw
// nothing (their axis is chart-axis.test.ts's).
const nothing = (target: Record<string | symbol, unknown>) => new Proxy(target, {
  get: (t, k) => (k in t ? t[k] : k === 'measureText' ? () => ({ width: 0 }) : () => undefined),
  set: (t, k, v) => ((t[k] = v), true),
});
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return nothing({ canvas: this });
} as unknown as typeof HTMLCanvasElement.prototype.getContext;
(globalThis as { Path2D?: unknown }).Path2D = function Path2D() {
  return nothing({});
};

const { StatsContext } = await import('@/components/stats/context.ts');
const { CompareContext } = await import('@/components/stats/compare-context.ts');
const { HoldersSection } = await import('@/components/stats/sections/holders.tsx');
const { DappUsersSection } = await import('@/components/stats/sections/dapp-users.tsx');
const { AudienceSection } = await import('@/components/stats/sections/audience.tsx');
const { ProjectRow } = await import('@/components/pins/ProjectRow.tsx');

let api: DataApi;

beforeAll(() => {
  const ds = createDataset({ seed: 'every-view', anchor: '2026-11-27T15:00:00Z', scale: 0.04 });
  api = createDataApi(ds, { now: () => Math.floor(Date.now() / 1000) });
}, 60_000);

/** Numbers of a body zeroed (times and names kept), or its days dropped: an earlier period as `earlier` says. */
function earlierAs(op: DataOperationId, body: unknown, earlier: Earlier): unknown {
  if (earlier === 'none') {
    const empty: Partial<Record<DataOperationId, unknown>> = {
      holderChange: { now: {}, logs: {} }, dailyUsers: { dailyUsers: [] }, dailyClaimedRewards: { claimed_rewards: {} },
      userInbounce: {}, trafficShare: { layers: [], flows: [] },
    };
    return empty[op] ?? body;
  }
  const zero = (v: unknown, key = ''): unknown =>
    Array.isArray(v) ? v.map((x) => zero(x)) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, zero(x, k)]))
      : typeof v === 'number' && !['timestamp', 'startTime', 'endTime'].includes(key) ? 0 : v;
  return zero(body);
}

/** The service as a client: the sandbox's answer, windows ending before `earlierBefore` (Unix s) answered as `earlier` says. */
function service(earlier: Earlier, earlierBefore: number): ApiClient {
  return {
    call: async (op: DataOperationId, params: Record<string, string | number>) => {
      const { project_id: project, ...query } = params;
      w.asked.push(`${op} ${JSON.stringify(query)}`);
      const body = JSON.parse(api.answer(getOperation(op) as never, String(project), Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))));
      return earlier !== 'as-is' && Number(query.endTime) < earlierBefore ? earlierAs(op, body, earlier) : body;
    },
  } as unknown as ApiClient;
}

/** A fresh worker cache (or the one kept from a moment before: `keep`). */
function startWorker(earlier: Earlier, earlierBefore: number, keep = false): void {
  if (!keep) w.store = memoryStore<unknown>();
  w.deps = { cache: testCache(async () => service(earlier, earlierBefore), { store: w.store, now: () => Date.now() }), now: () => Date.now() };
}

// ---- what the documented rule says, worked out here from the raw answers ----

const filtersOf = (range: TimeRange, project = PROJECT): StatsFilters => ({ project, chainId: '', tokenId: '', dapp: '', range });
const isoDay = (d: number) => new Date(d * DAY * 1000).toISOString().slice(0, 10);

/** The compared days (day numbers) of a range at `nowMs`, or null while it has none: worked out here, not by the extension. */
function comparedDays(range: TimeRange, nowMs: number): { first: number; last: number; n: number } | null {
  const today = Math.floor(nowMs / 1000 / DAY);
  if ('days' in range) return { first: today - range.days, last: today - 1, n: range.days };
  const from = Date.parse(`${range.from}T00:00:00Z`) / 1000 / DAY;
  const last = Math.min(Date.parse(`${range.to}T00:00:00Z`) / 1000 / DAY, today - 1);
  return last < from ? null : { first: from, last, n: last - from + 1 };
}

type Raw = Record<string, unknown>;
const ask = (op: DataOperationId, first: number, last: number, earlier: Earlier, earlierBefore: number): Promise<Raw> =>
  service(earlier, earlierBefore).call(op as never, { project_id: PROJECT, startTime: first * DAY, endTime: (last + 1) * DAY - 1 } as never) as Promise<Raw>;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : null);
const logs = (b: Raw) => Object.entries((b.logs ?? {}) as Record<string, { active: number; new: number }>).sort((a, c) => Number(a[0]) - Number(c[0])).map(([, d]) => d);
const users = (b: Raw) => [...((b.dailyUsers ?? []) as { timestamp: number; numberOfUsers: number; numberOfTransactions: number }[])].sort((a, c) => a.timestamp - c.timestamp);
const claimed = (b: Raw) => Object.values((b.claimed_rewards ?? {}) as Record<string, number>);
const returning = (b: Raw, who: string) => {
  const s = b[who] as { new?: number | null; return?: number | null } | undefined;
  return s && typeof s.new === 'number' && typeof s.return === 'number' && s.new + s.return > 0 ? s.return / (s.new + s.return) : null;
};
const visitors = (b: Raw) => {
  const n = ((b.layers as { users: number; ratio: number }[][] | undefined)?.[0] ?? []).find((x) => x.users > 0 && x.ratio > 0);
  return n ? Math.round(n.users / n.ratio) : null;
};
const last = <T,>(xs: T[]) => (xs.length ? xs[xs.length - 1]! : null);

/** Each headline number: its operation, the figure shown (from an answer) and the figure compared. */
const READ: Record<string, { op: DataOperationId; shown: (b: Raw) => number | null; compared: (b: Raw) => number | null; share?: true }> = {
  totalHolders: { op: 'holderChange', shown: (b) => (b.now as { total?: number } | undefined)?.total ?? null, compared: (b) => (b.now as { total?: number } | undefined)?.total ?? null },
  activeHolders: { op: 'holderChange', shown: (b) => last(logs(b))?.active ?? null, compared: (b) => mean(logs(b).map((d) => d.active)) },
  newHolders: { op: 'holderChange', shown: (b) => (logs(b).length ? sum(logs(b).map((d) => d.new)) : null), compared: (b) => (logs(b).length ? sum(logs(b).map((d) => d.new)) : null) },
  claimedRewards: { op: 'dailyClaimedRewards', shown: (b) => (claimed(b).length ? sum(claimed(b)) : null), compared: (b) => (claimed(b).length ? sum(claimed(b)) : null) },
  dailyUsers: { op: 'dailyUsers', shown: (b) => last(users(b))?.numberOfUsers ?? null, compared: (b) => mean(users(b).map((d) => d.numberOfUsers)) },
  dailyTransactions: { op: 'dailyUsers', shown: (b) => last(users(b))?.numberOfTransactions ?? null, compared: (b) => mean(users(b).map((d) => d.numberOfTransactions)) },
  returningShare: { op: 'userInbounce', shown: (b) => returning(b, 'wallet'), compared: (b) => returning(b, 'wallet'), share: true },
  returningVisitorShare: { op: 'userInbounce', shown: (b) => returning(b, 'visitor'), compared: (b) => returning(b, 'visitor'), share: true },
  trafficVisitors: { op: 'trafficShare', shown: visitors, compared: visitors },
};

/** The change as every view must show it: its kind, direction and amount (a ratio, or a share's points). */
interface Expected {
  readonly value: number | null;
  readonly kind: 'relative' | 'points' | 'from-zero' | 'no-earlier' | 'no-complete-day';
  readonly direction?: 'up' | 'down' | 'flat';
  readonly delta?: number;
  readonly days: number;
}

async function expected(id: string, range: TimeRange, nowMs: number, earlier: Earlier, earlierBefore: number): Promise<Expected> {
  const r = READ[id]!;
  const days = comparedDays(range, nowMs);
  if (!days) {
    // No complete day: today so far, from the range's own answer.
    const today = Math.floor(nowMs / 1000 / DAY);
    return { value: r.shown(await ask(r.op, today, today, earlier, earlierBefore)), kind: 'no-complete-day', days: 0 };
  }
  const cur = await ask(r.op, days.first, days.last, earlier, earlierBefore);
  const prev = await ask(r.op, days.first - days.n, days.first - 1, earlier, earlierBefore);
  const [c, p] = [r.compared(cur), r.compared(prev)];
  const value = r.shown(cur);
  const flat = (d: number) => Math.abs(d) < 0.0005;
  if (c === null) throw new Error(`${id}: the service gave no current figure`);
  if (p === null) return { value, kind: 'no-earlier', days: days.n };
  if (r.share) return { value, kind: 'points', direction: flat(c - p) ? 'flat' : c > p ? 'up' : 'down', delta: c - p, days: days.n };
  if (p === 0) return { value, kind: 'from-zero', direction: c === 0 ? 'flat' : c > 0 ? 'up' : 'down', days: days.n };
  const delta = (c - p) / Math.abs(p);
  return { value, kind: 'relative', direction: flat(delta) ? 'flat' : delta > 0 ? 'up' : 'down', delta, days: days.n };
}

// ---- reading each view ----

/** A figure and its change as a view shows them. */
interface Shown {
  readonly value: string | null;
  readonly change: string | null;
  readonly delta: string | null;
}

/** Checks a shown figure and change against the rule's. `value`: exact, or (a share) its percentage as written. */
function agrees(view: string, shown: Shown, e: Expected, share = false): void {
  if (share) expect(shown.value, `${view}: figure`).toBe(formatPercent(e.value));
  else expect(shown.value === '' || shown.value === null ? null : Number(shown.value), `${view}: figure`).toBe(e.value);
  const change = e.direction ?? e.kind;
  expect(shown.change, `${view}: change`).toBe(change);
  if (e.delta === undefined) expect(shown.delta, `${view}: amount`).toBeNull();
  else expect(Number(shown.delta), `${view}: amount`).toBeCloseTo(e.delta, 9);
}

const root = () => document.getElementById('root')!;

/**
 * Renders, then waits until nothing is loading any more (no skeleton, no figure or change still to come) and every
 * element to read is there (a lazy part shows nothing until its code is in).
 */
async function settle(node: preact.ComponentChild, selectors: readonly string[] = []): Promise<void> {
  render(node, root());
  await eventually(() => {
    const busy = root().querySelectorAll('.skeleton-block, .skeleton, .num-loading, .change[data-change="loading"], [data-state="loading"]').length;
    if (busy) throw new Error(`${busy} still loading`);
    const missing = selectors.filter((sel) => !root().querySelector(`${sel} .change`));
    if (missing.length) throw new Error(`not there yet: ${missing.join(', ')}`);
  }, 20_000);
}

function ctxFor(range: TimeRange, layout: 'popup' | 'page') {
  return { filters: filtersOf(range), layout, refreshToken: 0, options: {}, setOption: () => undefined, report: () => undefined, keyWorks: true };
}

/** Where each headline number is on the page: its block and figure (or, for a share, its split and part). */
const WHERE: Record<string, { section: 'holders' | 'dapp-users' | 'audience'; figure: string }> = {
  totalHolders: { section: 'holders', figure: '[data-block="holders"] [data-figure="total"]' },
  activeHolders: { section: 'holders', figure: '[data-block="holders"] [data-figure="active"]' },
  newHolders: { section: 'holders', figure: '[data-block="holders"] [data-figure="new"]' },
  claimedRewards: { section: 'holders', figure: '[data-block="rewards"] [data-figure="claimed"]' },
  dailyUsers: { section: 'dapp-users', figure: '[data-block="daily-users"] [data-figure="users"]' },
  dailyTransactions: { section: 'dapp-users', figure: '[data-block="daily-users"] [data-figure="transactions"]' },
  returningShare: { section: 'audience', figure: '[data-block="inbounce"] [data-split="Wallets"] [data-part="returning"]' },
  returningVisitorShare: { section: 'audience', figure: '[data-block="inbounce"] [data-split="Visitors"] [data-part="returning"]' },
  trafficVisitors: { section: 'audience', figure: '[data-block="traffic"] [data-figure="visitors"]' },
};

const SECTIONS = { holders: () => <HoldersSection />, 'dapp-users': () => <DappUsersSection />, audience: () => <AudienceSection /> };

function read(el: Element | null, share: boolean): Shown {
  const change = el?.querySelector('.change') ?? null;
  return {
    value: share ? el?.querySelector('.pct')?.textContent ?? null : el?.querySelector('.num')?.getAttribute('data-value') ?? null,
    change: change?.getAttribute('data-change') ?? null,
    delta: change?.getAttribute('data-delta') ?? null,
  };
}

/** The popup's (or the dashboard's) sections: what each headline number shows. */
async function statsView(range: TimeRange, layout: 'popup' | 'page'): Promise<Record<string, Shown>> {
  const out: Record<string, Shown> = {};
  for (const section of ['holders', 'dapp-users', 'audience'] as const) {
    const Section = SECTIONS[section];
    const here = Object.entries(WHERE).filter(([, where]) => where.section === section);
    await settle(<StatsContext.Provider value={ctxFor(range, layout)}><Section /></StatsContext.Provider>, here.map(([, where]) => where.figure));
    for (const [id, where] of here) out[id] = read(root().querySelector(where.figure), !!READ[id]!.share);
    render(null, root());
  }
  return out;
}

/** The dashboard comparing another project with this one: this one's column. */
async function comparedColumn(range: TimeRange): Promise<Record<string, Shown>> {
  const out: Record<string, Shown> = {};
  const ctx = { ...ctxFor(range, 'page'), filters: filtersOf(range, OTHER) };
  const cmp = { pair: { primary: OTHER, other: PROJECT }, refreshToken: 0, report: () => undefined, saidAbove: false };
  const cells: Record<string, string> = {
    totalHolders: '[data-block="holders"] [data-figure="total"]', activeHolders: '[data-block="holders"] [data-figure="active"]',
    newHolders: '[data-block="holders"] [data-figure="new"]', claimedRewards: '[data-block="rewards"] [data-figure="claimed"]',
    dailyUsers: '[data-block="daily-users"] [data-figure="users"]', dailyTransactions: '[data-block="daily-users"] [data-figure="transactions"]',
    trafficVisitors: '[data-block="traffic"] [data-figure="visitors"]',
  };
  // The other project's share: the fourth cell of the part's row (count and share of each project).
  const where = (id: string) => (READ[id]!.share
    ? `[data-block="inbounce"] table[data-split="${id === 'returningShare' ? 'Wallets' : 'Visitors'}"] [data-part="returning"] td:nth-of-type(4)`
    : `${cells[id]} td[data-project="${PROJECT}"]`);
  for (const section of ['holders', 'dapp-users', 'audience'] as const) {
    const Section = SECTIONS[section];
    const here = Object.keys(WHERE).filter((id) => WHERE[id]!.section === section);
    await settle(<StatsContext.Provider value={ctx}><CompareContext.Provider value={cmp}><Section /></CompareContext.Provider></StatsContext.Provider>, here.map(where));
    for (const id of here) out[id] = read(root().querySelector(where(id)), !!READ[id]!.share);
    render(null, root());
  }
  return out;
}

/** A pinned row of the Projects tab (always the last 30 days). */
async function projectsRow(): Promise<Record<'totalHolders' | 'activeHolders' | 'newHolders', Shown>> {
  const c = { index: 0, count: 1, dragging: false, dropMark: null, open() {}, moveBy() {}, unpin() {}, painted() {}, drag: { onDragStart() {}, onDragOver() {}, onDrop() {}, onDragEnd() {} } };
  await settle(<ol><ProjectRow project={PROJECT} c={c} /></ol>, ['total', 'active', 'new'].map((f) => `li[data-project="${PROJECT}"] [data-figure="${f}"]`));
  const row = (f: string) => read(root().querySelector(`li[data-project="${PROJECT}"] [data-figure="${f}"]`), false);
  const out = { totalHolders: row('total'), activeHolders: row('active'), newHolders: row('new') };
  render(null, root());
  return out;
}

const badgeDeps = (): BadgeDeps => ({ ...w.deps, action: fakeBrowser.action as never, alarms: fakeBrowser.alarms as never, title: 'Vantage' });

/** The badge's number and change for a metric, checked against the rule's (as text: the badge writes them). */
async function badgeAgrees(metric: BadgeMetric, range: TimeRange, e: Expected): Promise<void> {
  const setting = { metric, filters: filtersOf(range), periodMinutes: 30 };
  const value = await updateBadge(badgeDeps(), setting);
  expect(value.text, `badge ${metric}`).toBe(formatBadge(e.value));
  expect(value.title, `badge ${metric}`).toContain(`: ${formatNumber(e.value)}`);
  const change = await updateBadge(badgeDeps(), { ...setting, show: 'change' });
  const text = e.kind === 'relative' ? formatBadgeChange(e.direction === 'flat' ? 0 : e.delta!) : e.kind === 'from-zero' && e.direction === 'up' ? '\u25B2' : '\u2013';
  expect(change.text, `badge change ${metric}`).toBe(text);
}

const clock: AlertClock = { now: () => Date.now(), offsetMinutes: () => 0 };

/** A period-change alert's evaluation for each metric: the change it records. */
async function alertChanges(range: TimeRange, ids: readonly string[]): Promise<Record<string, { kind: string; direction?: string; ratio?: number; points?: number }>> {
  const store = memoryAlertStore();
  const rules: AlertRule[] = ids.map((id) => ({
    id, metric: id as AlertRule['metric'], filters: filtersOf('days' in range ? range : { days: 30 }),
    condition: { kind: 'periodChange', percent: 10, way: 'either' }, paused: false, createdAt: 0,
  }));
  await store.saveRules(rules);
  await runAlertCheck({ ...w.deps, store, notifier: { show: async () => true }, clock }, Date.now(), { baseline: true });
  const { state } = await store.load();
  return Object.fromEntries(ids.map((id) => [id, state.rules[id]!.change as never]));
}

function alertAgrees(id: string, got: { kind: string; direction?: string; ratio?: number; points?: number }, e: Expected): void {
  if (e.kind === 'no-complete-day') return expect(got, `alert ${id}`).toEqual({ kind: 'no-complete-day' });
  expect(got.kind, `alert ${id}`).toBe(e.kind);
  if (e.direction) expect(got.direction, `alert ${id}`).toBe(e.direction);
  if (e.delta !== undefined) expect(got.kind === 'points' ? got.points : got.ratio, `alert ${id}`).toBeCloseTo(e.delta, 9);
}

// ---- the moments and cases ----

const MIDDAY = Date.parse('2026-11-26T15:00:00Z');
const BEFORE_MIDNIGHT = Date.parse('2026-11-26T23:59:55Z');
const AFTER_MIDNIGHT = Date.parse('2026-11-27T00:00:05Z');

const ALERT_METRICS = ['activeHolders', 'newHolders', 'totalHolders', 'dailyUsers', 'dailyTransactions', 'returningShare'] as const;
const BADGE_METRICS = ['activeHolders', 'newHolders', 'totalHolders', 'dailyUsers'] as const;

beforeAll(() => {
  const el = document.createElement('div');
  el.id = 'root';
  document.body.append(el);
});
afterEach(() => vi.useRealTimers());
afterAll(() => document.getElementById('root')?.remove());

/** Every view at `nowMs` for `range`, against the rule worked out from the raw answers. */
async function everyViewAgrees(range: TimeRange, nowMs: number, earlier: Earlier, o: { keepCache?: boolean; views?: 'all' | 'stats' } = {}): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(nowMs);
  const days = comparedDays(range, nowMs);
  const earlierBefore = days ? days.first * DAY : 0;
  startWorker(earlier, earlierBefore, o.keepCache);
  fakeBrowser.reset();
  const want: Record<string, Expected> = {};
  for (const id of Object.keys(READ)) want[id] = await expected(id, range, nowMs, earlier, earlierBefore);

  for (const layout of ['popup', 'page'] as const) {
    const shown = await statsView(range, layout);
    for (const [id, e] of Object.entries(want)) agrees(`${layout} ${id}`, shown[id]!, e, !!READ[id]!.share);
  }
  if (o.views === 'stats') return;
  const compared = await comparedColumn(range);
  for (const [id, e] of Object.entries(want)) agrees(`compared ${id}`, compared[id]!, e, !!READ[id]!.share);
  for (const metric of BADGE_METRICS) await badgeAgrees(metric, range, want[metric]!);
  const alerts = await alertChanges(range, 'days' in range ? ALERT_METRICS : []);
  for (const id of Object.keys(alerts)) alertAgrees(id, alerts[id]!, want[id]!);
  if ('days' in range && range.days === 30) {
    const row = await projectsRow();
    for (const id of ['totalHolders', 'activeHolders', 'newHolders'] as const) agrees(`projects ${id}`, row[id], want[id]!);
  }
}

describe('every view shows the same headline figure and change, by the one rule', { timeout: 120_000 }, () => {
  for (const [name, earlier] of [['earlier data', 'as-is'], ['no earlier data', 'none'], ['an earlier zero', 'zero']] as const) {
    it(`the last 30 days, mid-day, with ${name}`, () => everyViewAgrees({ days: 30 }, MIDDAY, earlier));
  }

  it('just before and just after midnight UTC, the popup opened just before it and again just after (same cache)', async () => {
    await everyViewAgrees({ days: 30 }, BEFORE_MIDNIGHT, 'as-is');
    const before = w.asked.length;
    // Reopened 10 s later, the next UTC day: the answers stored at 23:59:55 are fresh, but hold Nov 26 as a day so far.
    await everyViewAgrees({ days: 30 }, AFTER_MIDNIGHT, 'as-is', { keepCache: true });
    expect(w.asked.length).toBeGreaterThan(before);
  });

  for (const range of [{ days: 7 }, { days: 90 }] as const) {
    it(`the last ${range.days} days, mid-day and just after midnight`, async () => {
      await everyViewAgrees(range, MIDDAY, 'as-is');
      await everyViewAgrees(range, AFTER_MIDNIGHT, 'as-is');
    });
  }

  it('a picked range in the past, and one running to today, in the stats views', async () => {
    const today = Math.floor(MIDDAY / 1000 / DAY);
    await everyViewAgrees({ from: isoDay(today - 20), to: isoDay(today - 6) }, MIDDAY, 'as-is', { views: 'stats' });
    await everyViewAgrees({ from: isoDay(today - 5), to: isoDay(today) }, MIDDAY, 'as-is', { views: 'stats' });
    await everyViewAgrees({ from: isoDay(today - 5), to: isoDay(today) }, AFTER_MIDNIGHT, 'as-is', { views: 'stats' });
  });

  it('today alone: the figures of today so far in every view, and no change ("no complete day yet"), just after midnight too', async () => {
    for (const at of [MIDDAY, AFTER_MIDNIGHT]) {
      const today = isoDay(Math.floor(at / 1000 / DAY));
      await everyViewAgrees({ from: today, to: today }, at, 'as-is');
      // Said in words, not "not in the service's answer".
      vi.setSystemTime(at);
      await settle(<StatsContext.Provider value={ctxFor({ from: today, to: today }, 'page')}><HoldersSection /></StatsContext.Provider>, [WHERE.claimedRewards!.figure]);
      const rewards = root().querySelector('[data-block="rewards"] [data-figure="claimed"]')!;
      expect(rewards.querySelector('.figure-why')).toBeNull();
      expect(rewards.querySelector('.figure-covers')!.textContent).toBe('today so far');
      expect(rewards.querySelector('.change .sr-only')!.textContent).toBe('no complete day to compare yet');
      render(null, root());
    }
  });
});
