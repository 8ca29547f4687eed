import { expect } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import { sandboxStats } from '@/test/e2e/sandbox-answers.ts';
import { pointExtensionAt } from '@/test/e2e/service-setup.ts';
import { expectedChanges, expectedSpoken, type Expected } from './headline-changes.ts';
import type { Launch, Scenario, World } from './scenario.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * Metric alerts against the sandbox: a rule made in the popup's "Alert me…"
 * form takes its bearings from the sandbox's numbers; the sandbox is then
 * restarted on the same port from another seed, so its real numbers change;
 * "Check now" in Options fires the rule, and the browser holds the
 * notification. The click's destination, the dashboard at that metric,
 * opens from the notification's target.
 */

/** Both sandboxes stop their clock at the test's start, so "yesterday" is one day for the extension and for them. */
const ANCHOR = new Date();
const SEEDS = ['alerts-before', 'alerts-after'] as const;
const DAY = 86_400;

export interface AlertsWorld<D extends BrowserDriver = BrowserDriver> extends World<D> {
  readonly sandbox: () => Sandbox;
  /** Stops the sandbox and starts it again on the same port from another seed: new numbers, same service. */
  restart(seed: string): Promise<Sandbox>;
}

export async function startAlertsWorld<D extends BrowserDriver>(launch: Launch<D>, extensionDir: string): Promise<AlertsWorld<D>> {
  const [first, driver] = await Promise.all([startSandbox({ port: 0, scale: 0.1, seed: SEEDS[0], anchor: ANCHOR }), launch({ extensionDir })]);
  let sb = first;
  const port = Number(new URL(sb.origin).port);
  await pointExtensionAt(driver, { origin: sb.origin, apiKey: sb.apiKey }, { defaultProject: 'nebula' });
  return {
    driver,
    sandbox: () => sb,
    async restart(seed) {
      await sb.close();
      sb = await startSandbox({ port, scale: 0.1, seed, anchor: ANCHOR });
      return sb;
    },
    async close() {
      await driver.close();
      await sb.close();
    },
  };
}

/** Daily users on the last complete day (yesterday), as the sandbox answers it. */
async function yesterdaysUsers(sb: Sandbox): Promise<number> {
  const body = await sandboxStats(sb, 'dailyUsers', 'nebula');
  const yesterday = Math.floor(ANCHOR.getTime() / 1000 / DAY) * DAY - DAY;
  const day = (body.dailyUsers as { timestamp: number; numberOfUsers: number }[]).find((d) => d.timestamp === yesterday);
  if (!day) throw new Error('The sandbox has no entry for yesterday');
  return day.numberOfUsers;
}

/**
 * Chooses an option of a <select> as a user would (Preact listens for `change`), or sets a field
 * Preact reads on `input` (a time field, which typing fills differently in each browser).
 */
export async function choose(page: TestPage, selector: string, value: string, event: 'change' | 'input' = 'change'): Promise<void> {
  await page.waitFor(selector);
  await page.evaluate(([s, v, e]) => {
    const el = document.querySelector<HTMLSelectElement | HTMLInputElement>(s)!;
    el.value = v;
    el.dispatchEvent(new Event(e, { bubbles: true }));
  }, [selector, value, event] as const);
}

/** Daily users' change (mean per day, the last 30 complete days against the 30 before), worked out from the sandbox's own answers. */
async function dailyUsersChange(sb: Sandbox): Promise<Expected> {
  const e = (await expectedChanges(sb, 'nebula')).find((x) => x.block === 'daily-users' && x.where === 'users');
  if (!e) throw new Error('No expected change for daily users');
  return e;
}

/**
 * A "changes by more than N %" rule that the change from `from` to `to`
 * (percent) crosses: a way and an N strictly between them, or null when none
 * does (the change shrinks towards 0). Typed with two decimals, as a user might.
 */
function crossedBy(from: number, to: number): { way: 'up' | 'down' | 'either'; percent: number } | null {
  const between = (a: number, b: number) => {
    const n = Math.round(((a + b) / 2) * 100) / 100;
    return n > Math.min(a, b) && n < Math.max(a, b) && n > 0 ? n : null;
  };
  const either = Math.abs(to) > Math.abs(from) ? between(Math.abs(from), Math.abs(to)) : null;
  if (either !== null) return { way: 'either', percent: either };
  const up = to > from && to > 0 ? between(Math.max(from, 0), to) : null;
  if (up !== null) return { way: 'up', percent: up };
  const down = to < from && to < 0 ? between(Math.max(-from, 0), -to) : null;
  return down !== null ? { way: 'down', percent: down } : null;
}

/** The badge's change text for a ratio, as the issue words it ("+4%", "−12%"): within ±100 %, the only range a test here needs. */
function badgeChangeText(ratio: number): string {
  const percent = Math.round(ratio * 100);
  expect(Math.abs(percent), 'a change the badge writes as a percentage').toBeLessThan(100);
  return `${percent > 0 ? '+' : percent < 0 ? '\u2212' : ''}${Math.abs(percent)}%`;
}

const badgeText = (driver: BrowserDriver) =>
  driver.inExtension(() => {
    const b = (globalThis.browser ?? globalThis.chrome) as unknown as { action?: typeof chrome.action; browserAction?: typeof chrome.action };
    return (b.action ?? b.browserAction)!.getBadgeText({});
  });

const notifications = (driver: BrowserDriver) =>
  driver.inExtension(() => ((globalThis as { browser?: typeof chrome }).browser ?? chrome).notifications.getAll() as Promise<Record<string, unknown>>);

/**
 * Starts recording, in an extension page, the notifications the browser
 * shows: Chromium keeps them (`getAll()`, which says only that each is
 * there); headless Firefox closes each one about a second after showing it
 * (`onClosed`, heard in every extension page), so there they are caught as
 * they go. Their words are the unit tests' (test/unit/alerts).
 */
async function recordNotifications(page: TestPage): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as { seenNotifications?: string[] }).seenNotifications = seen;
    ((globalThis as { browser?: typeof chrome }).browser ?? chrome).notifications.onClosed.addListener((id) => void seen.push(id));
  });
  return () => page.evaluate(async () => {
    const api = ((globalThis as { browser?: typeof chrome }).browser ?? chrome).notifications;
    return [...(globalThis as { seenNotifications?: string[] }).seenNotifications!, ...Object.keys(await api.getAll())];
  });
}

export const alertsScenarios: readonly Scenario<AlertsWorld>[] = [
  {
    name: 'a rule made with "Alert me…" fires a notification after the sandbox\'s numbers change',
    async run(world) {
      const { driver } = world;
      const before = await yesterdaysUsers(world.sandbox());
      // The numbers after the restart, read from a sandbox of the other seed on a port of its own.
      const probe = await startSandbox({ port: 0, scale: 0.1, seed: SEEDS[1], anchor: ANCHOR });
      const after = await yesterdaysUsers(probe).finally(() => probe.close());
      expect(after).not.toBe(before);
      const kind = after > before ? 'above' : 'below';
      // A line between the two: crossed going up (or down) from `before` to `after`.
      const line = after > before ? before + Math.ceil((after - before) / 2) : before - Math.ceil((before - after) / 2);

      // The popup: DApp users › "Alert me…" on the daily-users block.
      const popup = await driver.openExtensionPage('popup.html');
      await popup.click('#section-dapp-users');
      await popup.waitFor('[data-block="daily-users"][data-state="ready"]');
      await popup.click('[data-block="daily-users"] .alert-me');
      await popup.waitFor('#alert-new-kind');
      expect(await popup.evaluate(() => document.querySelector<HTMLSelectElement>('#alert-new-metric')!.value)).toBe('dailyUsers');
      await choose(popup, '#alert-new-kind', kind);
      await popup.fill('#alert-new-value', String(line));
      await popup.screenshot('alert-form');
      await popup.click('[data-block="daily-users"] .alert-form button[type="submit"]');
      await expect.poll(() => popup.text('[data-block="daily-users"] .alert-status'), { timeout: STEP_CEILING_MS }).toMatch(/^Saved\. Vantage will notify you/);

      // Stored, with its bearings taken from the sandbox: yesterday's number, no notification.
      const stored = await driver.getStorage('local');
      const rules = stored.alertRules as { id: string; metric: string; condition: unknown; filters: { project: string } }[];
      expect(rules).toHaveLength(1);
      expect(rules[0]).toMatchObject({ metric: 'dailyUsers', condition: { kind, value: line }, filters: { project: 'nebula' } });
      const id = rules[0]!.id;
      expect((stored.alertState as { rules: Record<string, { lastValue: number }> }).rules[id]?.lastValue).toBe(before);
      expect(Object.keys(await notifications(driver))).not.toContain(`alert-${id}`);
      await popup.close();

      // The service's numbers change (to `after`, read from the probe above: the same seed and clock).
      await world.restart(SEEDS[1]);

      // Options › Alerts › Check now: the rule fires, the browser shows the notification.
      const options = await driver.openExtensionPage('options.html');
      await options.waitFor(`tr[data-rule="${id}"]`);
      const shown = await recordNotifications(options);
      await options.click('#alerts-check-now');
      await expect.poll(() => options.text('#alerts-check-note'), { timeout: STEP_CEILING_MS }).toMatch(/^Checked 1 alert: 1 fired\.$/);
      await expect.poll(() => shown(), { timeout: STEP_CEILING_MS }).toContain(`alert-${id}`);
      await expect.poll(() => options.attr(`tr[data-rule="${id}"] [data-last-value]`, 'data-last-value')).toBe(String(after));
      expect(await options.text(`tr[data-rule="${id}"]`)).toContain(`crosses ${kind} ${line.toLocaleString('en-US')}`);
      await options.screenshot('alerts-options');

      // Where its click leads: the dashboard of nebula, at the daily-users block.
      const targets = (await driver.getStorage('session')).notificationTargets as Record<string, unknown>;
      expect(targets[`alert-${id}`]).toEqual({ page: 'dashboard', project: 'nebula', metric: 'dailyUsers' });
      const dash = await driver.openExtensionPage('dashboard.html#project=nebula&metric=dailyUsers');
      await dash.waitFor('[data-block="daily-users"][data-target]', STEP_CEILING_MS);
      expect(await dash.evaluate(() => document.activeElement?.getAttribute('data-block'))).toBe('daily-users');
      await dash.close();

      // Pause, then delete, from Options.
      await options.click(`tr[data-rule="${id}"] [data-action="pause"]`);
      await expect.poll(() => options.attr(`tr[data-rule="${id}"]`, 'data-paused')).toBe('true');
      await options.click(`tr[data-rule="${id}"] [data-action="delete"]`);
      await expect.poll(async () => (await driver.getStorage('local')).alertRules).toEqual([]);
      await options.close();
    },
  },
  {
    name: 'a "changes by more than N %" rule shows, and fires on, the change the sandbox\'s own answers imply',
    async run(world) {
      const { driver } = world;
      const before = await dailyUsersChange(world.sandbox());
      // A seed whose numbers move the change across a line a rule can draw (most do; one that shrinks it towards 0 does not).
      let next: { seed: string; change: Expected; rule: NonNullable<ReturnType<typeof crossedBy>> } | undefined;
      for (const seed of [...SEEDS, 'alerts-change-1', 'alerts-change-2', 'alerts-change-3']) {
        const probe = await startSandbox({ port: 0, scale: 0.1, seed, anchor: ANCHOR });
        const change = await dailyUsersChange(probe).finally(() => probe.close());
        const rule = crossedBy(before.delta * 100, change.delta * 100);
        if (rule) {
          next = { seed, change, rule };
          break;
        }
      }
      if (!next) throw new Error('No seed moves the daily users\' change across a line');
      const { way, percent } = next.rule;

      // The popup: DApp users › "Alert me…" › "changes by more than", the way, N.
      const popup = await driver.openExtensionPage('popup.html');
      await popup.click('#section-dapp-users');
      await popup.waitFor('[data-block="daily-users"][data-state="ready"]');
      await popup.click('[data-block="daily-users"] .alert-me');
      await choose(popup, '#alert-new-kind', 'periodChange');
      await choose(popup, '#alert-new-way', way);
      await popup.fill('#alert-new-value', String(percent));
      expect(await popup.text('[data-block="daily-users"] .alert-form .hint')).toContain('30');
      await popup.screenshot('alert-form-period-change');
      await popup.click('[data-block="daily-users"] .alert-form button[type="submit"]');
      await expect.poll(() => popup.text('[data-block="daily-users"] .alert-status'), { timeout: STEP_CEILING_MS }).toMatch(/^Saved\. Vantage will notify you/);

      const rules = (await driver.getStorage('local')).alertRules as { id: string; metric: string; condition: unknown }[];
      const rule = rules.find((r) => (r.condition as { kind: string }).kind === 'periodChange')!;
      expect(rule).toMatchObject({ metric: 'dailyUsers', condition: { kind: 'periodChange', percent, way } });
      const id = rule.id;
      await popup.close();

      // Options › Check now: fresh answers for both periods (the earlier scenario's, from another seed, may still be cached).
      // The change now is short of the line, so nothing fires; the row shows it.
      let options = await driver.openExtensionPage('options.html');
      const cell = `tr[data-rule="${id}"] [data-last-change]`;
      await options.waitFor(cell);
      await options.click('#alerts-check-now');
      await expect.poll(() => options.text('#alerts-check-note'), { timeout: STEP_CEILING_MS }).toBe('Checked 1 alert: 0 fired.');
      await expect.poll(async () => Number(await options.attr(cell, 'data-last-change'))).toBeCloseTo(before.delta * 100, 6);
      expect(Number(await options.attr(`${cell} .change`, 'data-delta'))).toBeCloseTo(before.delta, 9);
      expect(await options.text(`${cell} .change .sr-only`)).toBe(expectedSpoken(before));
      // Its column is named for the change as well as for a value.
      expect(await options.text('.alerts-table thead th:nth-child(3)')).toBe('Last value or change');
      await options.close();

      // The badge, set in the popup to show daily users' change: the same periods, the same cached answers.
      const popup2 = await driver.openExtensionPage('popup.html');
      await choose(popup2, '#stats-badge', 'dailyUsers');
      await choose(popup2, '#stats-badge-show', 'change');
      await expect.poll(() => badgeText(driver), { timeout: STEP_CEILING_MS }).toBe(badgeChangeText(before.delta));
      await popup2.screenshot('badge-show-change');
      await popup2.close();

      // The service's numbers change; Check now fires the rule and Options shows the new change.
      await world.restart(next.seed);
      options = await driver.openExtensionPage('options.html');
      await options.waitFor(cell);
      const shown = await recordNotifications(options);
      await options.click('#alerts-check-now');
      await expect.poll(() => options.text('#alerts-check-note'), { timeout: STEP_CEILING_MS }).toMatch(/^Checked 1 alert: 1 fired\.$/);
      await expect.poll(() => shown(), { timeout: STEP_CEILING_MS }).toContain(`alert-${id}`);
      await expect.poll(async () => Number(await options.attr(cell, 'data-last-change'))).toBeCloseTo(next.change.delta * 100, 6);
      expect(Number(await options.attr(`${cell} .change`, 'data-delta'))).toBeCloseTo(next.change.delta, 9);
      expect(await options.text(`${cell} .change .sr-only`)).toBe(expectedSpoken(next.change));
      await options.screenshot('alerts-options-period-change');

      await options.click(`tr[data-rule="${id}"] [data-action="delete"]`);
      await expect.poll(async () => (await driver.getStorage('local')).alertRules).toEqual([]);
      await options.close();

      // The badge, shown again as a change (after its number, so this is a fresh refresh), follows the new numbers.
      const again = await driver.openExtensionPage('popup.html');
      await choose(again, '#stats-badge-show', 'value');
      await expect.poll(() => badgeText(driver), { timeout: STEP_CEILING_MS }).not.toMatch(/%$/);
      await choose(again, '#stats-badge-show', 'change');
      await expect.poll(() => badgeText(driver), { timeout: STEP_CEILING_MS }).toBe(badgeChangeText(next.change.delta));
      await choose(again, '#stats-badge', 'off');
      await expect.poll(() => badgeText(driver), { timeout: STEP_CEILING_MS }).toBe('');
      await again.close();
    },
  },
];
