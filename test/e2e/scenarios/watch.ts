import { get } from 'node:http';
import { getAddress } from 'viem';
import { expect } from 'vitest';
import { bandOf } from '@/lib/score/band.ts';
import { createDataset, type Dataset } from '@/test/sandbox/dataset/index.ts';
import { creditV1 } from '@/test/sandbox/scores/credit-v1.ts';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import { sandboxScore } from '@/test/e2e/sandbox-answers.ts';
import { pointExtensionAt } from '@/test/e2e/service-setup.ts';
import type { Launch, Scenario, World } from './scenario.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * The address watchlist against the sandbox: an address watched from its
 * score result, then the sandbox's clock moved on (same dataset, so its own
 * models score the wallet lower for the months it has been idle), the
 * scheduled check fired by its real alarm, and the band change seen as a
 * real notification.
 */

const DAY = 86_400;
/** The sandbox's pinned "now", and the later one it is restarted at. */
const ANCHOR = Date.UTC(2026, 0, 15) / 1000;
const LATER = ANCHOR + 240 * DAY;

/** The same generated dataset with its clock moved on: the sandbox then scores every wallet as of `seconds`. */
function datasetAt(ds: Dataset, seconds: number): Dataset {
  return Object.create(ds, { nowSeconds: { value: () => seconds } }) as Dataset;
}

/** A wallet whose credit-v1 band differs between the two clocks, by the sandbox's own model. */
function walletChangingBand(ds: Dataset): `0x${string}` {
  for (const address of ds.walletAddresses()) {
    const profile = ds.walletProfile(address)!;
    const [before, after] = [ANCHOR, LATER].map((t) => bandOf(creditV1.score(profile, t).score)?.name);
    if (before && after && before !== after) return address;
  }
  throw new Error('No wallet of the dataset changes band between the two clocks');
}

export interface WatchWorld<D extends BrowserDriver = BrowserDriver> extends World<D> {
  readonly sandbox: Sandbox;
  /** Lower case, as stored. */
  readonly wallet: `0x${string}`;
  /** Restarts the sandbox on the same port, its clock moved on to LATER. */
  later(): Promise<Sandbox>;
}

export async function startWatchWorld<D extends BrowserDriver>(launch: Launch<D>, extensionDir: string, hosts?: readonly string[]): Promise<WatchWorld<D>> {
  const ds = createDataset({ scale: 0.05, anchor: ANCHOR });
  const [first, driver] = await Promise.all([startSandbox({ port: 0, dataset: ds }), launch({ extensionDir, hosts })]);
  let sandbox = first;
  await pointExtensionAt(driver, { origin: sandbox.origin, apiKey: sandbox.apiKey });
  const port = Number(new URL(sandbox.origin).port);
  return {
    driver,
    get sandbox() {
      return sandbox;
    },
    wallet: walletChangingBand(ds),
    async later() {
      await sandbox.close();
      sandbox = await startSandbox({ port, dataset: datasetAt(ds, LATER) });
      return sandbox;
    },
    async close() {
      await driver.close();
      await sandbox.close();
    },
  };
}

/**
 * calculateCustomScore from the restarted sandbox, on a connection of its own:
 * Node's fetch would reuse a kept-alive socket to the sandbox that was closed.
 */
function scoreOnNewConnection(sb: Sandbox, wallet: string): Promise<Record<string, unknown>> {
  const url = `${sb.integrationBaseUrl}/platform-services/calculateCustomScore/${wallet}?scoreId=credit-v1`;
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { 'x-apikey': sb.apiKey } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => {
        if (res.statusCode === 200) resolve(JSON.parse(body) as Record<string, unknown>);
        else reject(new Error(`The sandbox answered ${url} with HTTP ${res.statusCode}`));
      });
    }).on('error', reject);
  });
}

const row = (wallet: string) => `.watch-row[data-address="${wallet}"][data-model="credit-v1"]`;

async function openScoreTab(driver: BrowserDriver): Promise<TestPage> {
  const page = await driver.openExtensionPage('popup.html');
  await page.click('#tab-score');
  await page.waitFor('.score-panel input.mono');
  return page;
}

export const watchScenarios: readonly Scenario<WatchWorld>[] = [
  {
    name: 'watches an address from its score result; the scheduled check finds its band changed and notifies',
    async run(world) {
      const { driver, wallet } = world;
      const before = await sandboxScore(world.sandbox, wallet, 'credit-v1');
      const page = await openScoreTab(driver);
      await page.fill('.score-panel input.mono', getAddress(wallet));
      await page.click('.score-form button[type="submit"]');
      await expect.poll(() => page.text('[data-testid="score-value"]')).toBe(String(before.score));

      // "Watch": the list shows it with its score and band; the 6-hourly alarm is set; notifications are allowed.
      await page.click('.watch-toggle button');
      await expect.poll(() => page.text('.watch-toggle button')).toBe('Watching ✓');
      await expect.poll(() => page.text(`${row(wallet)} [data-testid="watch-band"]`)).toBe(before.band);
      expect(await page.text(`${row(wallet)} [data-testid="watch-score"]`)).toBe(String(before.score));
      expect(await driver.inExtension(() => (globalThis.browser ?? globalThis.chrome).alarms.get('vantage-watch'))).toMatchObject({ periodInMinutes: 360 });
      expect(await driver.inExtension(() => (globalThis.browser ?? globalThis.chrome).permissions.contains({ permissions: ['notifications'] }))).toBe(true);
      // The list is sealed in storage.local, where content scripts could look.
      const { watchlist } = await driver.getStorage('local');
      expect(watchlist).toMatchObject({ v: 1 });
      expect(JSON.stringify(watchlist)).not.toContain(wallet.slice(2));

      // The sandbox, restarted at a later clock, now scores the wallet in another band.
      const after = await scoreOnNewConnection(await world.later(), wallet);
      expect(after.band).not.toBe(before.band);

      // Notifications the browser shows, and those it closed: headless Firefox has no alert backend, so it
      // closes each one as soon as it is created (onClosed); Chromium keeps it listed (getAll).
      await page.evaluate(() => {
        const seen: string[] = ((globalThis as unknown as { notified: string[] }).notified = []);
        (globalThis.browser ?? globalThis.chrome).notifications.onClosed.addListener((id: string) => void seen.push(id));
      });
      const notified = async () => [
        ...(await page.evaluate(() => (globalThis as unknown as { notified: string[] }).notified)),
        ...(await driver.inExtension(async () => Object.keys(await (globalThis.browser ?? globalThis.chrome).notifications.getAll()))),
      ];
      // The real alarm, brought forward: the worker's own listener runs the check.
      await driver.inExtension(() => (globalThis.browser ?? globalThis.chrome).alarms.create('vantage-watch', { when: Date.now() + 300, periodInMinutes: 360 }));
      // The check ran: the open popup follows it.
      await expect.poll(() => page.text(`${row(wallet)} [data-testid="watch-band"]`), { timeout: STEP_CEILING_MS }).toBe(after.band);
      const id = `watch:credit-v1:${wallet}`;
      await expect.poll(notified).toContain(id);
      expect((await notified()).filter((n) => n.startsWith('watch:'))).toEqual([id]);
      expect(await page.text(`${row(wallet)} [data-testid="watch-score"]`)).toBe(String(after.score));
      await page.screenshot('watchlist');
      // The re-score went to the service and into the sealed list only: the (plain) answer cache still holds the manual lookup.
      const cached = Object.entries(await driver.getStorage('local')).filter(([k]) => k.startsWith('cache:') && k.includes(wallet));
      expect(cached.map(([, e]) => (e as { value: { score: number } }).value.score)).toEqual([before.score]);

      // Export: every point of the history.
      const exported = (await driver.askWorker('watch.export')) as { ok: true; value: { csv: string } };
      const lines = exported.value.csv.trim().split('\r\n');
      expect(lines[0]).toBe('address,model,watched_since,checked_at,score,band');
      expect(lines.slice(1).map((l) => l.split(',').slice(4).join(','))).toEqual([`${before.score},${before.band}`, `${after.score},${after.band}`]);
      expect(lines[1]!.startsWith(`${getAddress(wallet)},credit-v1,`)).toBe(true);

      // Removed from the list: nothing left, no alarm.
      await page.click(`${row(wallet)} .watch-remove`);
      await expect.poll(() => page.evaluate(() => document.querySelectorAll('.watch-row').length)).toBe(0);
      await expect.poll(() => driver.inExtension(async () => (await (globalThis.browser ?? globalThis.chrome).alarms.get('vantage-watch')) ?? null)).toBeNull();
      await page.close();
    },
  },
];
