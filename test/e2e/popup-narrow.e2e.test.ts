import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { launchExtension, openExtensionPage, type ExtensionHarness } from './harness.ts';
import { expectNothingCut, NARROW, showSection } from './narrow-layout.ts';
import { sandboxStats } from './sandbox-answers.ts';
import { pointExtensionAt } from './service-setup.ts';

/**
 * The popup at its narrowest (420 px, where a browser's overflow menu puts
 * it) against the sandbox: nothing of a section is cut (the retention table,
 * the traffic flow's names), and the day not over yet is said as such, in
 * the figures and in the charts, whose legends show the latest values
 * without a hover. Screenshots of every section in light and dark. The
 * layout is checked in Vietnamese too (popup-vietnamese.e2e.test.ts).
 */

const people = (n: number) => n.toLocaleString('en-US');

describe('popup at 420 px', () => {
  let sb: Sandbox;
  let h: ExtensionHarness;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, scale: 0.1 });
    h = await launchExtension();
    await pointExtensionAt(h, { origin: sb.origin, apiKey: sb.apiKey }, { defaultProject: 'nebula' });
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  const openPopup = (scheme: 'light' | 'dark' = 'light') => openExtensionPage(h, '/popup.html', NARROW, scheme);

  it('cuts nothing in any section, in light and dark', async () => {
    await expectNothingCut(h, 'en');
  });

  it('shows every retention period and every traffic name whole, each abbreviation with its full name', async () => {
    const retention = (await sandboxStats(sb, 'retention', 'nebula')) as Record<string, { retention: Record<string, number> }>;
    const periods = new Set(Object.values(retention).flatMap((c) => Object.keys(c.retention)));
    const page = await openPopup();
    await showSection(page, 'audience', ['retention', 'traffic']);
    const heads = page.locator('[data-block="retention"] thead th[data-period]');
    expect(await heads.count()).toBe(periods.size);
    // Every column head is in view, and names its period in full for assistive technology and on hover.
    for (const th of await heads.all()) {
      expect(await th.isVisible()).toBe(true);
      expect(await th.getAttribute('aria-label')).toMatch(/^Day \d+$/);
      expect(await th.locator('abbr').getAttribute('title')).toBe(await th.getAttribute('aria-label'));
    }
    // Today's cohort and every cell counting today are its users so far: marked, and said under the table.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    const shown = await page.locator('[data-block="retention"] tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      cohort: tr.querySelector('time')!.getAttribute('datetime')!,
      partial: tr.querySelector('th')!.hasAttribute('data-partial'),
      cells: [...tr.querySelectorAll('td.heat')].map((td) => ({ value: td.textContent !== '', partial: td.hasAttribute('data-partial') })),
    })));
    const periodList = [...periods].map(Number).sort((a, b) => a - b);
    for (const row of shown) {
      const day = Date.parse(row.cohort) / 1000;
      expect(row.partial, row.cohort).toBe(day === today);
      // The cell of period p counts day + p: partial exactly where that is today.
      expect(row.cells.map((c) => c.partial), row.cohort).toEqual(row.cells.map((c, i) => c.value && day + periodList[i]! * 86_400 === today));
    }
    expect(shown.flatMap((r) => r.cells).some((c) => c.partial)).toBe(true);
    expect(await page.locator('[data-block="retention"] .cohort-note').innerText()).toBe('In italics: today so far, a day not over when these numbers were fetched.');

    const names = await page.locator('[data-block="traffic"] .flow-title').evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent, whole: el.scrollWidth <= el.clientWidth + 1 })),
    );
    expect(names.length).toBeGreaterThan(4);
    expect(names.filter((n) => !n.whole)).toEqual([]);
    await page.close();
  });

  it('says the day not over yet is today so far: apart in the figures, the chart and its legend', async () => {
    const daily = await sandboxStats(sb, 'dailyUsers', 'nebula');
    const days = [...(daily.dailyUsers as { timestamp: number; numberOfUsers: number }[])].sort((a, b) => a.timestamp - b.timestamp);
    const today = days.at(-1)!;
    // The sandbox's window ends now: its last day is today's.
    expect(today.timestamp).toBe(Math.floor(Date.now() / 86_400_000) * 86_400);
    const page = await openPopup();
    await showSection(page, 'dapp-users', ['daily-users']);
    const block = page.locator('[data-block="daily-users"]');
    // The headline is the last complete day; today's figure follows, marked.
    expect(await block.locator('[data-figure="users"] .num').innerText()).toBe(people(days.at(-2)!.numberOfUsers));
    expect(await block.locator('[data-figure="users-partial"] .num').innerText()).toBe(people(today.numberOfUsers));
    expect(await block.locator('.figures[data-partial] .figure-note').innerText()).toBe('today so far');

    // Not hovered, the legend shows the latest day, said as partial, and its values; one row per measure.
    const legend = block.locator('.u-legend');
    const rows = legend.locator('.u-series:visible');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).locator('.u-value').innerText()).toMatch(/, today so far$/);
    expect(await rows.nth(1).locator('.u-value').innerText()).toBe(people(today.numberOfUsers));
    // Hovering the first day shows that day; leaving the chart goes back to the latest.
    const over = block.locator('.u-over');
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    await expect.poll(() => rows.nth(1).locator('.u-value').innerText()).toBe(people(days[0]!.numberOfUsers));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 80);
    await expect.poll(() => rows.nth(1).locator('.u-value').innerText()).toBe(people(today.numberOfUsers));

    // The chart's text alternatives say it too: the summary a screen reader reads, and the table.
    const summary = await block.locator('.chart-box').getAttribute('aria-label');
    expect(summary).toContain(`(complete days), ${await rows.nth(0).locator('.u-value').innerText()}: ${people(today.numberOfUsers)}`);
    await block.getByRole('button', { name: 'Show as table' }).click();
    const tableRows = block.locator('.chart-table tbody tr');
    await expect.poll(() => tableRows.count()).toBe(days.length);
    expect(await tableRows.last().locator('th').innerText()).toMatch(/, today so far$/);
    expect(await tableRows.nth(days.length - 2).locator('th').innerText()).not.toMatch(/today/);

    // Bars: the claimed rewards of today are drawn apart too; every chart's legend has values without a hover.
    await showSection(page, 'holders', ['holders', 'rewards']);
    // The headline is the last complete day's, said so; today's follows apart, said as today so far.
    expect(await page.locator('[data-block="holders"] [data-figure="active"] .figure-covers').innerText()).toMatch(/^on [A-Z][a-z]{2} \d{1,2}$/);
    expect(await page.locator('[data-block="holders"] .figures[data-partial] .figure-note').innerText()).toBe('today so far');
    const idle = await page.locator('.u-legend .u-series:visible .u-value').allInnerTexts();
    expect(idle.length).toBeGreaterThan(0);
    expect(idle.filter((v) => v.trim() === '')).toEqual([]);
    await page.close();
  });
});

