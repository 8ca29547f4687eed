import { expect } from 'vitest';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import type { CannedAnswer } from '@/test/e2e/request-log.ts';
import { holderHeadlines, sandboxCompleteDays, sandboxStats } from '@/test/e2e/sandbox-answers.ts';
import { startPopupWorld, type PopupWorld } from './popup-stats.ts';
import type { Launch, Scenario } from './scenario.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * The dashboard's "Compare with…" against the sandbox, in each browser: both
 * projects' figures and chart values are the sandbox's own answers for each;
 * the URL holds both, and a new tab on it (a bookmark, a reload) restores the
 * comparison; a block's CSV holds both projects (a Project column); the
 * other project's failures (an unknown id, a 403 for that project, a 429)
 * are said for it alone while the first project's numbers stay; removing the
 * comparison returns to the single view. The sandbox knows nebula, tidal and
 * quartz; `locked` and `busy` are answered by the proxy in front of it.
 */

const REFUSED: CannedAnswer = { status: 403, body: JSON.stringify({ message: 'Access to this project is not allowed' }) };
const THROTTLED: CannedAnswer = { status: 429, body: JSON.stringify({ message: 'Too many requests' }), headers: { 'retry-after': '3600' } };

/** A popup world (popup-stats.ts) whose proxy refuses `locked` and throttles `busy`. */
export type CompareWorld<D extends BrowserDriver = BrowserDriver> = PopupWorld<D>;

export function startCompareWorld<D extends BrowserDriver>(launch: Launch<D>, extensionDir: string): Promise<CompareWorld<D>> {
  return startPopupWorld(launch, extensionDir, {
    answer: (path) => (path.includes('/v3/data/locked/') ? REFUSED : path.includes('/v3/data/busy/') ? THROTTLED : undefined),
  });
}

const cell = (block: string, figure: string, project: string) => `[data-block="${block}"] [data-figure="${figure}"] td[data-project="${project}"] .num[data-value]`;
const ready = (block: string) => `[data-block="${block}"][data-state="ready"]`;

async function expectValue(page: TestPage, selector: string, value: number): Promise<void> {
  await page.waitFor(selector, STEP_CEILING_MS);
  await expect.poll(() => page.attr(selector, 'data-value'), { timeout: STEP_CEILING_MS }).toBe(String(value));
}

/** Scrolls a section into view: the dashboard mounts a section's blocks as it nears the viewport. */
const reveal = (page: TestPage, selector: string) => page.evaluate((s) => document.querySelector(s)?.scrollIntoView(), selector);

/** The hash the page shows now, decoded into its parameters. */
const hashOf = async (page: TestPage) => Object.fromEntries(new URLSearchParams(new URL(await page.url()).hash.slice(1)));

/** Catches the next CSV the page saves (components/ui/download.ts clicks a link to a Blob): its file name and text. */
async function catchCsv(page: TestPage, click: string): Promise<{ name: string; text: string }> {
  await page.evaluate(() => {
    const w = window as unknown as { caught?: Promise<{ name: string; text: string }> };
    const original = HTMLAnchorElement.prototype.click;
    w.caught = new Promise((resolve) => {
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (!this.download) return original.call(this);
        HTMLAnchorElement.prototype.click = original;
        void fetch(this.href).then((r) => r.text()).then((text) => resolve({ name: this.download, text }));
      };
    });
  });
  await page.click(click);
  return page.evaluate(() => (window as unknown as { caught: Promise<{ name: string; text: string }> }).caught);
}

/** A chart table's rows as { day: { column: number } } (the table shows numbers for people: 1,234). */
async function chartTable(page: TestPage, block: string): Promise<{ columns: string[]; rows: number[][] }> {
  await page.click(`[data-block="${block}"] [data-chart-table]`);
  await page.waitFor(`[data-block="${block}"] .chart-table table`);
  return page.evaluate((b) => {
    const table = document.querySelector(`[data-block="${b}"] .chart-table table`)!;
    const columns = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ? Number(td.textContent.replace(/,/g, '')) : Number.NaN)));
    return { columns, rows };
  }, block);
}

type Day = { timestamp: number; numberOfUsers: number; numberOfTransactions: number };
const daysOf = (answer: Record<string, unknown>) => [...(answer.dailyUsers as Day[])].sort((a, b) => a.timestamp - b.timestamp);

export const compareScenarios: readonly Scenario<CompareWorld>[] = [
  {
    name: 'compares nebula with tidal: both projects\' figures and chart values are the sandbox\'s, the legend and text alternative name both, the URL holds both',
    async run({ driver, sandbox: sb }) {
      // Headline figures: the last 30 complete days, for each project by the same rule (lib/stats/headline.ts).
      const [hn, ht, dn, dt] = await Promise.all([
        sandboxCompleteDays(sb, 'holderChange', 'nebula'),
        sandboxCompleteDays(sb, 'holderChange', 'tidal'),
        sandboxStats(sb, 'dailyUsers', 'nebula'),
        sandboxStats(sb, 'dailyUsers', 'tidal'),
      ]);
      const page = await driver.openExtensionPage('dashboard.html#project=nebula');
      await page.waitFor(ready('holders'), STEP_CEILING_MS);
      // Bad input in the field is said, and nothing is compared.
      await page.click('[data-compare-open]');
      await page.fill('#compare-project', 'nebula');
      await page.click('.compare-form button[type="submit"]');
      expect(await page.text('#compare-problem')).toBe('That is nebula itself: enter another project.');
      await page.fill('#compare-project', 'tidal');
      await page.click('.compare-form button[type="submit"]');
      await page.waitFor('[data-comparing="tidal"]');
      expect(await page.text('.compare-what')).toMatch(/Comparing nebula with tidal/);
      await expect.poll(() => hashOf(page)).toEqual({ project: 'nebula', compare: 'tidal' });

      // Holders: a column per project, each the sandbox's answer for that project, each figure with its change.
      for (const [project, answer] of [['nebula', hn], ['tidal', ht]] as const) {
        const figures = holderHeadlines(answer);
        for (const figure of ['total', 'active', 'new'] as const) {
          await expectValue(page, cell('holders', figure, project), figures[figure]);
          await expect.poll(() => page.attr(`[data-block="holders"] [data-figure="${figure}"] td[data-project="${project}"] .change`, 'data-change'), { timeout: STEP_CEILING_MS }).not.toBe('loading');
        }
      }
      // The holders chart: one legend naming both projects, a text alternative naming both, the other dashed.
      await page.waitFor('[data-block="holders"] .chart[data-compared] .uplot');
      const legend = await page.text('[data-block="holders"] .u-legend');
      for (const label of ['Active holders (nebula)', 'Active holders (tidal)', 'New holders (nebula)', 'New holders (tidal)']) expect(legend).toContain(label);
      const alt = (await page.attr('[data-block="holders"] .chart-box', 'aria-label'))!;
      expect(alt).toMatch(/^Daily active and new holders: nebula compared with tidal\./);
      expect(alt).toContain('Active holders (nebula): lowest');
      expect(alt).toContain('Active holders (tidal): lowest');

      // Daily users: the latest complete day of each, and every day of each series in the chart's table.
      await reveal(page, '#h-dapp-users');
      await page.waitFor(ready('daily-users'), STEP_CEILING_MS);
      for (const [project, answer] of [['nebula', dn], ['tidal', dt]] as const) {
        // The sandbox's last day is today, not over: the compared figure is the day before.
        const complete = daysOf(answer).at(-2)!;
        await expectValue(page, cell('daily-users', 'users', project), complete.numberOfUsers);
        await expectValue(page, cell('daily-users', 'transactions', project), complete.numberOfTransactions);
      }
      await page.waitFor('[data-block="daily-users"] .chart[data-compared] .uplot');
      const table = await chartTable(page, 'daily-users');
      expect(table.columns).toEqual(['Day', 'Users (nebula)', 'Transactions (nebula)', 'Users (tidal)', 'Transactions (tidal)']);
      const nebulaDays = daysOf(dn);
      const tidalDays = daysOf(dt);
      const union = [...new Set([...nebulaDays, ...tidalDays].map((d) => d.timestamp))].sort((a, b) => a - b);
      expect(table.rows.length).toBe(union.length);
      union.forEach((day, i) => {
        const n = nebulaDays.find((d) => d.timestamp === day);
        const t = tidalDays.find((d) => d.timestamp === day);
        expect(table.rows[i], `day ${day}`).toEqual([n?.numberOfUsers ?? Number.NaN, n?.numberOfTransactions ?? Number.NaN, t?.numberOfUsers ?? Number.NaN, t?.numberOfTransactions ?? Number.NaN]);
      });
      await page.screenshot('dashboard-compare-daily-users');

      // A new tab on the same URL (a bookmark, a reload) restores the comparison.
      const url = await page.url();
      await page.close();
      const again = await driver.openExtensionPage(url.slice(url.indexOf('dashboard.html')));
      await again.waitFor('[data-comparing="tidal"]', STEP_CEILING_MS);
      await expectValue(again, cell('holders', 'total', 'nebula'), holderHeadlines(hn).total);
      await expectValue(again, cell('holders', 'total', 'tidal'), holderHeadlines(ht).total);
      await again.screenshot('dashboard-compare');
      await again.close();
    },
  },
  {
    name: 'exports both projects in one CSV (a Project column), then removing the comparison returns to the single view',
    async run({ driver, sandbox: sb }) {
      const [bn, bt] = await Promise.all([sandboxStats(sb, 'tokenBalanceDistribution', 'nebula'), sandboxStats(sb, 'tokenBalanceDistribution', 'tidal')]);
      const page = await driver.openExtensionPage('dashboard.html#project=nebula&compare=tidal');
      await page.waitFor('[data-block="balance"] table.compared-split', STEP_CEILING_MS);
      await expectValue(page, '[data-block="balance"] [data-part="whales"] td[data-project="tidal"] .num[data-value]', (bt as { whales: number }).whales);
      const csv = await catchCsv(page, '[data-block="balance"] [data-csv="balance-distribution"]');
      expect(csv.name).toBe('nebula-vs-tidal-balance-distribution.csv');
      const lines = csv.text.split('\r\n');
      expect(lines[0]).toBe('Project,Class,Holders,Share');
      for (const [project, answer] of [['nebula', bn], ['tidal', bt]] as const) {
        const b = answer as { whales: number; normalWallets: number; forgottenWallets: number };
        expect(lines.filter((l) => l.startsWith(`${project},`)).map((l) => Number(l.split(',')[2]))).toEqual([b.whales, b.normalWallets, b.forgottenWallets]);
      }

      await page.click('[data-compare-remove]');
      await page.waitFor('[data-compare-open]');
      await expect.poll(() => hashOf(page)).toEqual({ project: 'nebula' });
      await page.waitFor('[data-block="balance"] .split-bar');
      expect(await page.evaluate(() => document.querySelectorAll('[data-compared], table.compared-split, table.compared-figures, [data-project]').length)).toBe(0);
      const single = await catchCsv(page, '[data-block="balance"] [data-csv="balance-distribution"]');
      expect(single.name).toBe('nebula-balance-distribution.csv');
      expect(single.text.split('\r\n')[0]).toBe('Class,Holders,Share');
      await page.close();
    },
  },
  {
    name: 'says the other project\'s failure (unknown id, 403, 429) for it alone: the first project\'s numbers and notices stay',
    async run({ driver, sandbox: sb }) {
      const total = holderHeadlines(await sandboxCompleteDays(sb, 'holderChange', 'nebula'));
      const cases = [
        ['nosuchproject', 'not-found', /nosuchproject/],
        ['locked', 'refused', /Access to this project is not allowed/],
        ['busy', 'rate-limited', /rate-limiting requests/],
      ] as const;
      for (const [other, kind, said] of cases) {
        const page = await driver.openExtensionPage(`dashboard.html#project=nebula&compare=${other}`);
        await page.waitFor(`[data-compare-failure="${kind}"]`, STEP_CEILING_MS);
        expect(await page.text('.compare-failure')).toMatch(said);
        // The first project is untouched: its figures, no notice above the blocks, no error in its blocks.
        await page.waitFor('[data-block="holders"] .figures');
        await expectValue(page, '[data-block="holders"] [data-figure="total"] .num[data-value]', total.total);
        expect(await page.evaluate(() => document.querySelectorAll('.stats > .notice, [data-block] > .notice').length)).toBe(0);
        expect(await page.attr('[data-block="holders"]', 'data-state')).toBe('ready');
        expect(await page.text('[data-block="holders"] [data-compared="error"]')).toMatch(new RegExp(`${other}: not available`));
        await page.screenshot(`dashboard-compare-${kind}`);
        await page.close();
      }
      // A link whose comparison is no project id: said, and the project shown alone.
      const hostile = await driver.openExtensionPage('dashboard.html#project=nebula&compare=%E2%80%AEevil%0A');
      await hostile.waitFor('[data-compare-bad-link]', STEP_CEILING_MS);
      expect(await hostile.text('[data-compare-bad-link]')).toMatch(/not valid, so nebula is shown alone/);
      await hostile.waitFor('[data-compare-open]');
      await hostile.close();
    },
  },
];
