import { getAddress } from 'viem';
import { expect } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import { startRequestLog, type RequestLog } from '@/test/e2e/request-log.ts';
import { sandboxScore } from '@/test/e2e/sandbox-answers.ts';
import { answeredBars, breakdownTexts, shownBars } from '@/test/e2e/score-view.ts';
import { pointExtensionAt } from '@/test/e2e/service-setup.ts';
import type { Launch, Scenario, World } from './scenario.ts';

/**
 * Score lookup against the sandbox: the popup's Score tab shows what the
 * sandbox answers for a dataset wallet, refuses a bad address without a
 * request, and the "Check score of …" menu item exists with its score page.
 */

export interface ScoreWorld<D extends BrowserDriver = BrowserDriver> extends World<D> {
  readonly sandbox: Sandbox;
  readonly log: RequestLog;
  /** Paths of the score lookups that reached the service. */
  scoreCalls(): string[];
}

export async function startScoreWorld<D extends BrowserDriver>(launch: Launch<D>, extensionDir: string, hosts?: readonly string[]): Promise<ScoreWorld<D>> {
  const [sandbox, driver] = await Promise.all([startSandbox({ port: 0, scale: 0.05 }), launch({ extensionDir, hosts })]);
  const log = await startRequestLog(sandbox.origin);
  await pointExtensionAt(driver, { origin: log.origin, apiKey: sandbox.apiKey });
  return {
    driver, sandbox, log,
    scoreCalls: () => log.paths.filter((p) => p.includes('/calculateCustomScore/')),
    async close() {
      await driver.close();
      await Promise.all([log.close(), sandbox.close()]);
    },
  };
}

export const SCORE_MENU_LABEL = 'Check score of';
const ADDRESS = '.score-panel input.mono';
const CHECK = '.score-form button[type="submit"]';

async function openScoreTab(driver: BrowserDriver): Promise<TestPage> {
  const page = await driver.openExtensionPage('popup.html');
  await page.click('#tab-score');
  await page.waitFor(ADDRESS);
  return page;
}

/** Waits for the result, then checks it shows `expected` (the sandbox's answer): score, band and breakdown. */
export async function expectScoreShown(page: TestPage, expected: Record<string, unknown>): Promise<void> {
  await page.waitFor('[data-testid="score-value"]');
  await expect.poll(() => page.text('[data-testid="score-value"]')).toBe(String(expected.score));
  expect(await page.text('[data-testid="score-band"]')).toBe(expected.band);
  expect(shownBars(await page.evaluate(breakdownTexts))).toEqual(answeredBars(expected));
}

export const scoreScenarios: readonly Scenario<ScoreWorld>[] = [
  {
    name: 'shows the score, band and breakdown the sandbox answers for a dataset wallet, asking the service once',
    async run({ driver, sandbox, scoreCalls }) {
      const wallet = sandbox.dataset.walletAddresses()[7]!;
      const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
      const before = scoreCalls().length;
      const page = await openScoreTab(driver);
      await page.fill(ADDRESS, getAddress(wallet));
      await page.click(CHECK);
      await expectScoreShown(page, expected);
      expect(scoreCalls().slice(before)).toEqual([`/v1/platform-services/calculateCustomScore/${wallet}?scoreId=credit-v1`]);
      await page.screenshot('score');
      await page.close();
    },
  },
  {
    name: 'refuses an invalid address with a plain message and makes no request',
    async run({ driver, scoreCalls }) {
      const before = scoreCalls().length;
      const page = await openScoreTab(driver);
      for (const [input, message] of [['0x1234', /40 hex digits/], ['vitalik.eth', /starts with "0x"/]] as const) {
        await page.fill(ADDRESS, input);
        await page.click(CHECK);
        await expect.poll(() => page.text('.score-panel [role="alert"]')).toMatch(message);
        expect(await page.attr(ADDRESS, 'aria-invalid')).toBe('true');
      }
      expect(scoreCalls()).toHaveLength(before);
      await page.close();
    },
  },
  {
    name: 'registers the "Check score of …" item for selections, and the score page it opens looks the address up',
    async run({ driver, sandbox }) {
      // Neither browser lists menu items; update() succeeds only for an item that exists.
      const probe = (id: string) =>
        driver.inExtension((i) => browser.contextMenus.update(i, {}).then(() => 'exists', (e: Error) => e.message), id);
      await expect.poll(() => probe('vantage-check-score')).toBe('exists');
      expect(await probe('no-such-item')).not.toBe('exists');

      const wallet = getAddress(sandbox.dataset.walletAddresses()[7]!);
      const expected = await sandboxScore(sandbox, wallet, 'credit-v1');
      const page = await driver.openExtensionPage(`score.html?address=${wallet}`);
      await expectScoreShown(page, expected);
      expect(await page.evaluate(() => (document.querySelector('.score-panel input.mono') as HTMLInputElement).value)).toBe(wallet);
      await page.close();
    },
  },
];
