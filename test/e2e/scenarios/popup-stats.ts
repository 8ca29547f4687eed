import { expect } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import { startRequestLog, type RequestLog, type RequestLogOptions } from '@/test/e2e/request-log.ts';
import { holderHeadlines, sandboxCompleteDays, sandboxStats } from '@/test/e2e/sandbox-answers.ts';
import { pointExtensionAt } from '@/test/e2e/service-setup.ts';
import type { Launch, Scenario, World } from './scenario.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * The popup's Stats tab against the sandbox: every number a section shows
 * is what the sandbox's HTTP API answers for the same project and window.
 */

export interface PopupWorld<D extends BrowserDriver = BrowserDriver> extends World<D> {
  readonly sandbox: Sandbox;
  readonly log: RequestLog;
}

/** `logOptions`: the request log's own answers (a sloppy service), if any. */
export async function startPopupWorld<D extends BrowserDriver>(launch: Launch<D>, extensionDir: string, logOptions?: RequestLogOptions): Promise<PopupWorld<D>> {
  const [sandbox, driver] = await Promise.all([startSandbox({ port: 0, scale: 0.1 }), launch({ extensionDir })]);
  const log = await startRequestLog(sandbox.origin, logOptions);
  await pointExtensionAt(driver, { origin: log.origin, apiKey: sandbox.apiKey }, { defaultProject: 'nebula' });
  return {
    driver, sandbox, log,
    async close() {
      await driver.close();
      await Promise.all([log.close(), sandbox.close()]);
    },
  };
}

const num = (scope: string) => `${scope} .num[data-value]`;
const figure = (block: string, name: string) => num(`[data-block="${block}"] [data-figure="${name}"]`);
const part = (block: string, name: string, split = '') => num(`[data-block="${block}"] ${split && `[data-split="${split}"] `}[data-part="${name}"]`);

/** Waits until the number at `selector` is `value`, and checks it is written for people (1,234). */
async function expectNumber(page: TestPage, selector: string, value: number): Promise<void> {
  await page.waitFor(selector);
  await expect.poll(() => page.attr(selector, 'data-value'), { timeout: STEP_CEILING_MS }).toBe(String(value));
  expect(await page.text(selector)).toBe(value.toLocaleString('en-US'));
}

export const popupStatsScenarios: readonly Scenario<PopupWorld>[] = [
  {
    name: 'shows the sandbox\'s numbers in each section: holders, DApp users, audience',
    async run({ driver, sandbox: sb }) {
      // Headline figures cover the days their changes compare: the last 30 complete days (lib/stats/headline.ts).
      const [holders, upToNow, balance, daily, inbounce] = await Promise.all([
        sandboxCompleteDays(sb, 'holderChange', 'nebula'),
        sandboxStats(sb, 'holderChange', 'nebula'),
        sandboxStats(sb, 'tokenBalanceDistribution', 'nebula'),
        sandboxStats(sb, 'dailyUsers', 'nebula'),
        sandboxCompleteDays(sb, 'userInbounce', 'nebula'),
      ]);
      // Opens on the default project from Options.
      const page = await driver.openExtensionPage('popup.html');
      await page.waitFor('#stats-project');
      expect(await page.evaluate(() => (document.getElementById('stats-project') as HTMLInputElement).value)).toBe('nebula');

      await page.click('#section-holders');
      const h = holderHeadlines(holders);
      await expectNumber(page, figure('holders', 'total'), h.total);
      await expectNumber(page, figure('holders', 'active'), h.active);
      await expectNumber(page, figure('holders', 'new'), h.new);
      // Today so far follows apart: the range's own answer, up to now.
      await expectNumber(page, figure('holders', 'active-partial'), (upToNow.now as { active: number }).active);
      expect(await page.text('[data-block="holders"] [data-figure="total"] .figure-covers')).toMatch(/^at the end of [A-Z][a-z]{2} \d{1,2}$/);
      const b = balance as { whales: number; normalWallets: number; forgottenWallets: number };
      await expectNumber(page, part('balance', 'whales'), b.whales);
      await expectNumber(page, part('balance', 'normal'), b.normalWallets);
      await expectNumber(page, part('balance', 'forgotten'), b.forgottenWallets);
      await page.screenshot('popup-holders');

      await page.click('#section-dapp-users');
      const days = [...(daily.dailyUsers as { timestamp: number; numberOfUsers: number; numberOfTransactions: number }[])]
        .sort((x, y) => x.timestamp - y.timestamp);
      // The sandbox's last day is today, not over: the headline is the day before, today's figures follow apart.
      const [complete, today] = days.slice(-2) as [typeof days[number], typeof days[number]];
      await expectNumber(page, figure('daily-users', 'users'), complete.numberOfUsers);
      await expectNumber(page, figure('daily-users', 'transactions'), complete.numberOfTransactions);
      await expectNumber(page, figure('daily-users', 'users-partial'), today.numberOfUsers);
      await expectNumber(page, figure('daily-users', 'transactions-partial'), today.numberOfTransactions);
      await page.screenshot('popup-dapp-users');

      await page.click('#section-audience');
      const split = inbounce as Record<'wallet' | 'visitor', { new: number; return: number }>;
      await expectNumber(page, part('inbounce', 'new', 'Wallets'), split.wallet.new);
      await expectNumber(page, part('inbounce', 'returning', 'Wallets'), split.wallet.return);
      await expectNumber(page, part('inbounce', 'new', 'Visitors'), split.visitor.new);
      await expectNumber(page, part('inbounce', 'returning', 'Visitors'), split.visitor.return);
      await page.waitFor('[data-block="retention"] table.cohort');
      await page.screenshot('popup-audience');
      await page.close();
    },
  },
];
