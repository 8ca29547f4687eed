import { expect } from 'vitest';
import type { BrowserDriver, TestPage } from '@/test/e2e/driver/types.ts';
import { holderHeadlines, sandboxCompleteDays } from '@/test/e2e/sandbox-answers.ts';
import { startPopupWorld, type PopupWorld } from './popup-stats.ts';
import type { Launch, Scenario } from './scenario.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * The popup's Projects tab against the sandbox, through a request log that
 * also plays a sloppy service for two projects (one answers 503, one 429):
 * pinning from Stats, each row's numbers as the sandbox answers them, one
 * request per period per project (shared with the Stats tab), errors kept to
 * their row, opening a project with a click or Enter, reordering by keyboard
 * (announced), and unpinning.
 */

/** The popup's world (sandbox, request log, browser), the log playing a sloppy service for two projects. */
export type ProjectsWorld<D extends BrowserDriver = BrowserDriver> = PopupWorld<D>;

/** Projects the log answers for itself: a broken deployment and a throttled one. */
export const FAILING = { orbit: 503, lendora: 429 } as const;
/** A project id the service does not know (the sandbox answers 404). */
export const UNKNOWN = 'ghost-project';

export function startProjectsWorld<D extends BrowserDriver>(launch: Launch<D>, extensionDir: string): Promise<ProjectsWorld<D>> {
  return startPopupWorld(launch, extensionDir, {
    answer: (path) => {
      if (path.includes('/v3/data/orbit/')) return { status: 503, body: JSON.stringify({ message: 'Service under maintenance' }) };
      if (path.includes('/v3/data/lendora/')) return { status: 429, headers: { 'retry-after': '3600' }, body: JSON.stringify({ message: 'Slow down' }) };
      return undefined;
    },
  });
}

const row = (p: string) => `li.pin-row[data-project="${p}"]`;

/** The pinned projects as stored. */
const stored = async (driver: BrowserDriver) => (await driver.getStorage('local')).pinnedProjects;

/** The rows' projects in the order shown. */
const shownOrder = (page: TestPage) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('li.pin-row')].map((li) => li.dataset.project));

/** Which project's row holds the focus, and which of its controls. */
const focused = (page: TestPage) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { project: el?.closest<HTMLElement>('li.pin-row')?.dataset.project, control: el?.dataset.control };
  });

async function openProjectsTab(page: TestPage): Promise<void> {
  await page.click('#tab-projects');
  await page.waitFor('.projects');
}

/** The Stats tab shows `project` (its filter bar's field). */
async function expectStatsOn(page: TestPage, project: string): Promise<void> {
  await expect.poll(() => page.attr('#tab-stats', 'aria-selected')).toBe('true');
  await expect.poll(() => page.evaluate(() => (document.getElementById('stats-project') as HTMLInputElement | null)?.value)).toBe(project);
}

export const projectsScenarios: readonly Scenario<ProjectsWorld>[] = [
  {
    name: 'pins from Stats; each row shows the sandbox\'s numbers and their changes, one request per period per project; errors stay in their row',
    async run({ driver, sandbox: sb, log }) {
      const page = await driver.openExtensionPage('popup.html');
      await page.waitFor('.pin-toggle');
      expect(await page.text('.pin-toggle')).toBe('Pin');
      await page.click('.pin-toggle');
      await expect.poll(() => page.text('.pin-note')).toBe('nebula is pinned: see the Projects tab.');
      expect(await page.text('.pin-toggle')).toBe('Unpin');
      expect(await stored(driver)).toEqual(['nebula']);

      // The others as the pin button leaves them: pinned last, in order.
      await driver.setStorage('local', { pinnedProjects: ['nebula', 'tidal', 'quartz', UNKNOWN, 'orbit', 'lendora'] });
      await openProjectsTab(page);
      expect(await shownOrder(page)).toEqual(['nebula', 'tidal', 'quartz', UNKNOWN, 'orbit', 'lendora']);
      expect(await page.text('[data-testid="pins-count"]')).toBe('6 of 10 pinned');

      for (const p of ['nebula', 'tidal', 'quartz']) {
        await page.waitFor(`${row(p)}[data-state="ready"] [data-figure="total"] .num`, STEP_CEILING_MS);
        // The last 30 complete days, as the change beside each figure compares them (lib/stats/headline.ts).
        const figures = holderHeadlines(await sandboxCompleteDays(sb, 'holderChange', p));
        for (const [figure, value] of Object.entries(figures)) {
          expect(await page.attr(`${row(p)} [data-figure="${figure}"] .num`, 'data-value'), `${p} ${figure}`).toBe(String(value));
        }
        // Each figure's change arrives (after the numbers), said in words.
        for (const figure of ['total', 'active', 'new']) {
          await expect.poll(() => page.attr(`${row(p)} [data-figure="${figure}"] .change`, 'data-change'), { timeout: STEP_CEILING_MS }).not.toBe('loading');
          expect(await page.text(`${row(p)} [data-figure="${figure}"] .change .sr-only`)).toMatch(/30 days before|no earlier data/i);
        }
        await page.waitFor(`${row(p)} .watch-spark canvas`);
        expect(await page.attr(`${row(p)} .watch-spark`, 'aria-label')).toMatch(new RegExp(`^Active holders of ${p}, the last 30 complete days: from `));
      }
      // Each failure in its own row, said plainly; the rows around it keep their numbers.
      await page.waitFor(`${row(UNKNOWN)}[data-state="error"] .notice[data-error="not-found"]`, STEP_CEILING_MS);
      await page.waitFor(`${row('orbit')}[data-state="error"] .notice[data-error="server-error"]`, STEP_CEILING_MS);
      await page.waitFor(`${row('lendora')}[data-state="error"] .notice[data-error="rate-limited"]`, STEP_CEILING_MS);
      expect(await page.evaluate(() => document.querySelectorAll('li.pin-row[data-state="ready"]').length)).toBe(3);
      await page.screenshot('projects-tab');

      // Never the same request twice: the last 30 complete days and the 30 days before, once each per project.
      // Nebula's are shared with the Stats tab's Holders block (which also asks for the last 30 days up to now).
      const asked = (p: string) => log.paths.filter((x) => x.startsWith(`/dev/v3/data/${p}/holders/holder-change?`));
      for (const p of ['nebula', 'tidal', 'quartz']) expect(new Set(asked(p)).size, p).toBe(asked(p).length);
      expect(asked('tidal')).toHaveLength(2);
      expect(asked('quartz')).toHaveLength(2);
      expect(asked('nebula').length).toBeLessThanOrEqual(3);
      // A row whose numbers failed asks for no earlier period.
      expect(asked(UNKNOWN)).toHaveLength(1);
      // No other operation was asked for a pinned project that only the Projects tab showed.
      expect(log.paths.filter((x) => x.startsWith('/dev/v3/data/tidal/') && !x.includes('/holders/holder-change?'))).toEqual([]);
      await page.close();
    },
  },
  {
    name: 'opens a pinned project in Stats with a click, or with Enter',
    async run({ driver }) {
      await driver.setStorage('local', { pinnedProjects: ['nebula', 'tidal', 'quartz'] });
      const page = await driver.openExtensionPage('popup.html');
      await openProjectsTab(page);
      await page.click(`${row('tidal')} .pin-open`);
      await expectStatsOn(page, 'tidal');

      await openProjectsTab(page);
      await page.press(`${row('quartz')} .pin-open`, 'Enter');
      await expectStatsOn(page, 'quartz');

      // A click anywhere on the row but its controls opens it too.
      await openProjectsTab(page);
      await page.click(`${row('nebula')} .pin-figure-label`);
      await expectStatsOn(page, 'nebula');
      await page.close();
    },
  },
  {
    name: 'reorders by keyboard (Alt+arrows and the move buttons), keeping focus and saying each move; unpins',
    async run({ driver }) {
      await driver.setStorage('local', { pinnedProjects: ['nebula', 'tidal', 'quartz'] });
      const page = await driver.openExtensionPage('popup.html');
      await openProjectsTab(page);
      await page.waitFor(row('quartz'));

      await page.press(`${row('nebula')} .pin-open`, 'Alt+ArrowDown');
      await expect.poll(() => shownOrder(page)).toEqual(['tidal', 'nebula', 'quartz']);
      await expect.poll(() => stored(driver)).toEqual(['tidal', 'nebula', 'quartz']);
      expect(await focused(page)).toEqual({ project: 'nebula', control: 'open' });
      expect(await page.evaluate(() => document.querySelector('.projects [role="status"]')?.textContent)).toBe('nebula moved to position 2 of 3.');

      await page.press(`${row('nebula')} .pin-open`, 'Alt+ArrowDown');
      await expect.poll(() => stored(driver)).toEqual(['tidal', 'quartz', 'nebula']);
      // At the end: nothing moves, nothing is said twice.
      await page.press(`${row('nebula')} .pin-open`, 'Alt+ArrowDown');
      expect(await shownOrder(page)).toEqual(['tidal', 'quartz', 'nebula']);

      await page.click(`${row('quartz')} [data-control="up"]`);
      await expect.poll(() => stored(driver)).toEqual(['quartz', 'tidal', 'nebula']);
      expect(await focused(page)).toEqual({ project: 'quartz', control: 'up' });
      expect(await page.evaluate(() => document.querySelector('.projects [role="status"]')?.textContent)).toBe('quartz moved to position 1 of 3.');

      // The order holds across openings.
      await page.close();
      const again = await driver.openExtensionPage('popup.html');
      await openProjectsTab(again);
      await expect.poll(() => shownOrder(again)).toEqual(['quartz', 'tidal', 'nebula']);

      await again.click(`${row('tidal')} [data-control="unpin"]`);
      await expect.poll(() => shownOrder(again)).toEqual(['quartz', 'nebula']);
      await expect.poll(() => stored(driver)).toEqual(['quartz', 'nebula']);
      expect(await focused(again)).toEqual({ project: 'nebula', control: 'open' });
      expect(await again.evaluate(() => document.querySelector('.projects [role="status"]')?.textContent)).toBe('tidal unpinned.');
      await again.close();
    },
  },
  {
    name: 'refuses an eleventh pin with a clear message, and pins nothing',
    async run({ driver }) {
      const ten = ['nebula', 'tidal', 'quartz', 'orbit', 'lendora', 'wavefi', 'gemhall', 'portal', 'questly', UNKNOWN];
      await driver.setStorage('local', { pinnedProjects: ten.filter((p) => p !== 'nebula').concat('p10') });
      const page = await driver.openExtensionPage('popup.html');
      await page.fill('#stats-project', 'nebula');
      await page.press('#stats-project', 'Enter');
      await page.click('.pin-toggle');
      await expect.poll(() => page.text('.pin-note')).toBe('You can pin up to 10 projects. Unpin one in the Projects tab to pin nebula.');
      expect(await page.text('.pin-toggle')).toBe('Pin');
      expect(await stored(driver)).toHaveLength(10);
      expect(await stored(driver)).not.toContain('nebula');
      await page.close();
    },
  },
];
