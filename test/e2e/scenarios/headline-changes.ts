import { expect } from 'vitest';
import { getOperation, type DataOperationId } from '@/lib/api/catalog.ts';
import type { Sandbox } from '@/test/sandbox/server.ts';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import { startPopupWorld, type PopupWorld } from './popup-stats.ts';
import type { Scenario } from './scenario.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * Every headline number's change in the popup, against the sandbox's own
 * numbers: the test asks the sandbox's HTTP API for the last 30 complete UTC
 * days and the 30 before (whole days, worked out here from the clock), and
 * works out each change from those answers itself: a mean per day for levels
 * (active holders, daily users and transactions), a total for flows (new
 * holders, claimed rewards), the window's own figure otherwise (total holders,
 * the returning share in points, the traffic's visitors). Snapshots (the
 * balance classes, the countries) say they have no history.
 */

/** The popup's world (popup-stats.ts): the extension on the sandbox, nebula the default project. */
export type ChangesWorld<D extends BrowserDriver = BrowserDriver> = PopupWorld<D>;
export const startChangesWorld = startPopupWorld;

const DAY = 86_400;

/** The last 30 complete UTC days and the 30 before, as the whole-day windows the service takes. */
export function thirtyDayPeriods(nowMs = Date.now()) {
  const today = Math.floor(nowMs / 1000 / DAY);
  const window = (first: number, last: number) => ({ startTime: String(first * DAY), endTime: String((last + 1) * DAY - 1) });
  return { current: window(today - 30, today - 1), previous: window(today - 60, today - 31) };
}

type Sb = Pick<Sandbox, 'dataBaseUrl' | 'apiKey'>;

async function ask(sb: Sb, op: DataOperationId, project: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const url = new URL(`${sb.dataBaseUrl}${getOperation(op).path.replace('{project_id}', project)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { 'x-apikey': sb.apiKey } });
  if (res.status !== 200) throw new Error(`The sandbox answered ${url} with HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;

/** Each headline's expected change: a relative one for counts (ratio), or points for shares. */
export interface Expected {
  readonly block: string;
  /** `data-figure` of the number, or `part:<split>:<part>` for a share in a split. */
  readonly where: string;
  readonly kind: 'relative' | 'points';
  readonly delta: number;
}

/** The changes worked out from the sandbox's answers for the two periods (nothing of the extension's code). */
export async function expectedChanges(sb: Sb, project: string, nowMs = Date.now()): Promise<Expected[]> {
  const { current, previous } = thirtyDayPeriods(nowMs);
  const both = async (op: DataOperationId) => Promise.all([ask(sb, op, project, current), ask(sb, op, project, previous)]);
  const [holders, rewards, users, inbounce, traffic] = await Promise.all([
    both('holderChange'), both('dailyClaimedRewards'), both('dailyUsers'), both('userInbounce'), both('trafficShare'),
  ]);
  const relative = (block: string, where: string, [now, before]: [number, number]): Expected => ({ block, where, kind: 'relative', delta: (now - before) / Math.abs(before) });
  const logs = (b: Record<string, unknown>) => Object.values(b.logs as Record<string, { active: number; new: number }>);
  const claimed = (b: Record<string, unknown>) => Object.values(b.claimed_rewards as Record<string, number>);
  const daily = (b: Record<string, unknown>) => b.dailyUsers as { numberOfUsers: number; numberOfTransactions: number }[];
  const returning = (b: Record<string, unknown>, who: 'wallet' | 'visitor') => {
    const s = b[who] as { new: number; return: number };
    return s.return / (s.new + s.return);
  };
  const visitors = (b: Record<string, unknown>) => {
    const top = (b.layers as { users: number; ratio: number }[][])[0]![0]!;
    return Math.round(top.users / top.ratio);
  };
  const pair = <T,>(f: (b: Record<string, unknown>) => T, [a, b]: Record<string, unknown>[]) => [f(a!), f(b!)] as [T, T];
  return [
    relative('holders', 'total', pair((b) => (b.now as { total: number }).total, holders)),
    relative('holders', 'active', pair((b) => mean(logs(b).map((d) => d.active)), holders)),
    relative('holders', 'new', pair((b) => sum(logs(b).map((d) => d.new)), holders)),
    relative('rewards', 'claimed', pair((b) => sum(claimed(b)), rewards)),
    relative('daily-users', 'users', pair((b) => mean(daily(b).map((d) => d.numberOfUsers)), users)),
    relative('daily-users', 'transactions', pair((b) => mean(daily(b).map((d) => d.numberOfTransactions)), users)),
    { block: 'inbounce', where: 'part:Wallets:returning', kind: 'points', delta: returning(inbounce[0]!, 'wallet') - returning(inbounce[1]!, 'wallet') },
    { block: 'inbounce', where: 'part:Visitors:returning', kind: 'points', delta: returning(inbounce[0]!, 'visitor') - returning(inbounce[1]!, 'visitor') },
    relative('traffic', 'visitors', pair(visitors, traffic)),
  ];
}

export function changeSelector(e: Pick<Expected, 'block' | 'where'>): string {
  if (e.where.startsWith('part:')) {
    const [, split, part] = e.where.split(':');
    return `[data-block="${e.block}"] [data-split="${split}"] [data-part="${part}"] .change`;
  }
  return `[data-block="${e.block}"] [data-figure="${e.where}"] .change`;
}

/** The words a screen reader gets, worked out here in English: "up 4.2% from the 30 days before". */
export function expectedSpoken(e: Expected): string {
  const amount = e.kind === 'relative'
    ? new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs(e.delta))
    : `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(Math.round(Math.abs(e.delta) * 1000) / 10)} percentage points`;
  if (Math.abs(e.delta) < 0.0005) return 'unchanged from the 30 days before';
  return `${e.delta > 0 ? 'up' : 'down'} ${amount} from the 30 days before`;
}

/** Waits for a change to arrive (it may come after the number), then checks it against the expected one. */
export async function expectChange(page: TestPage, e: Expected): Promise<void> {
  const sel = changeSelector(e);
  await page.waitFor(sel, STEP_CEILING_MS);
  await expect.poll(() => page.attr(sel, 'data-delta'), { timeout: STEP_CEILING_MS, message: sel }).not.toBeNull();
  expect(Number(await page.attr(sel, 'data-delta')), sel).toBeCloseTo(e.delta, 9);
  const direction = Math.abs(e.delta) < 0.0005 ? 'flat' : e.delta > 0 ? 'up' : 'down';
  expect(await page.attr(sel, 'data-change'), sel).toBe(direction);
  expect(await page.text(`${sel} .sr-only`), sel).toBe(expectedSpoken(e));
}

export const headlineChangeScenarios: readonly Scenario<ChangesWorld>[] = [
  {
    name: 'every headline number shows its change, equal to the one worked out from the sandbox\'s own answers',
    async run({ driver, sandbox: sb }) {
      const expected = await expectedChanges(sb, 'nebula');
      const page = await driver.openExtensionPage('popup.html');
      await page.waitFor('#stats-project');
      expect(await page.text('.change-basis')).toBe('Changes: the last 30 complete days against the 30 before.');
      const sections = { holders: 'holders', rewards: 'holders', 'daily-users': 'dapp-users', inbounce: 'audience', traffic: 'audience' } as Record<string, string>;
      for (const section of ['holders', 'dapp-users', 'audience']) {
        await page.click(`#section-${section}`);
        for (const e of expected.filter((x) => sections[x.block] === section)) await expectChange(page, e);
        if (section === 'holders') {
          await page.waitFor('[data-block="balance"] .change[data-change="snapshot"]');
          expect(await page.text('[data-block="balance"] .change .sr-only')).toBe('no change shown: the service gives no earlier figures for this');
        }
        if (section === 'audience') await page.waitFor('[data-block="countries"] .change[data-change="snapshot"]');
        await page.screenshot(`changes-${section}`);
      }
      await page.close();
    },
  },
];
