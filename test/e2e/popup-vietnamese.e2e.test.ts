import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { axeViolations } from './axe.ts';
import { launchExtension, screenshot, type ExtensionHarness } from './harness.ts';
import { expectNothingCut } from './narrow-layout.ts';
import { holderHeadlines, sandboxCompleteDays, sandboxStats } from './sandbox-answers.ts';
import { pointExtensionAt } from './service-setup.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The popup in a Vietnamese browser (Chromium started with `--lang=vi`), the
 * service's home market, against the sandbox: its messages, the page's
 * language for screen readers, numbers with Vietnamese separators, days in
 * Vietnamese order, the day not over said as such, and no accessibility
 * violation in that language either. The unit suite checks every key of every
 * locale; this checks that a real browser picks them and the locale up.
 */

const vi = (n: number) => new Intl.NumberFormat('vi').format(n);
const viDay = (seconds: number) => new Intl.DateTimeFormat('vi', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(seconds * 1000);

describe('the popup in a Vietnamese browser', () => {
  let sb: Sandbox;
  let h: ExtensionHarness;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, scale: 0.1 });
    h = await launchExtension({ language: 'vi' });
    await pointExtensionAt(h, { origin: sb.origin, apiKey: sb.apiKey }, { defaultProject: 'nebula' });
  });
  afterAll(async () => {
    await h?.close();
    await sb?.close();
  });

  it('speaks Vietnamese: tabs, figures, the day not over, the chart\'s table, lang="vi", and axe finds nothing', async () => {
    const daily = await sandboxStats(sb, 'dailyUsers', 'nebula');
    const days = [...(daily.dailyUsers as { timestamp: number; numberOfUsers: number }[])].sort((a, b) => a.timestamp - b.timestamp);
    const page = await h.context.newPage();
    await page.setViewportSize({ width: 420, height: 600 });
    await page.goto(`${h.origin}/popup.html`);

    expect(await page.locator('html').getAttribute('lang')).toMatch(/^vi\b/);
    await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(expect.arrayContaining(['Số liệu', 'Điểm số', 'Bằng chứng']));
    await page.getByRole('tab', { name: 'Người dùng DApp' }).click();
    const block = page.locator('[data-block="daily-users"]');
    await expect.poll(() => block.getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toBe('ready');
    await page.waitForFunction(() => document.querySelector('[data-block="daily-users"] .uplot'));

    // The last complete day's users in Vietnamese digits ("1.234"), today's apart, said in Vietnamese.
    expect(await block.locator('[data-figure="users"] .num').innerText()).toBe(vi(days.at(-2)!.numberOfUsers));
    expect(await block.locator('[data-figure="users-partial"] .num').innerText()).toBe(vi(days.at(-1)!.numberOfUsers));
    expect(await block.locator('.figures[data-partial] .figure-note').innerText()).toBe('hôm nay, tính đến giờ');

    // The chart's table: days as Vietnamese writes them, the last one said as not over.
    await block.getByRole('button', { name: 'Xem dạng bảng' }).click();
    const rows = block.locator('.chart-table tbody tr');
    await expect.poll(() => rows.count()).toBe(days.length);
    expect(await rows.first().locator('th').innerText()).toBe(viDay(days[0]!.timestamp));
    expect(await rows.last().locator('th').innerText()).toBe(`${viDay(days.at(-1)!.timestamp)}, hôm nay, tính đến giờ`);

    await screenshot(page, 'popup-vi-dapp-users');
    expect(await axeViolations(page, 'popup-vi-dapp-users')).toEqual([]);
    await page.close();
  });

  it('at 420 px, with the longer Vietnamese words, nothing is cut in any section and the retention table shows every period, light and dark', async () => {
    await expectNothingCut(h, 'vi');
  });

  it('the Projects tab in Vietnamese: its words, compact numbers the Vietnamese way, changes said in Vietnamese, and axe finds nothing', async () => {
    await h.setStorage('local', { pinnedProjects: ['nebula', 'tidal'] });
    // The rows' figures: the last 30 complete days, as their changes compare them.
    const holders = holderHeadlines(await sandboxCompleteDays(sb, 'holderChange', 'nebula'));
    for (const scheme of ['light', 'dark'] as const) {
      const page = await h.context.newPage();
      await page.setViewportSize({ width: 420, height: 600 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${h.origin}/popup.html#projects`);
      await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toBe('Dự án');
      const row = page.locator('li.pin-row[data-project="nebula"]');
      await expect.poll(() => row.getAttribute('data-state'), { timeout: STEP_CEILING_MS }).toBe('ready');
      await page.waitForFunction(() => !document.querySelector('.pin-row .change[data-change="loading"]') && document.querySelectorAll('.pin-row .watch-spark canvas').length === 2);
      expect(await row.locator('[data-figure="total"] .pin-figure-label').innerText()).toBe('Tổng');
      expect(await row.locator('[data-figure="total"] .num').innerText()).toBe(
        // Below 10,000 the full number (lib/format/number.ts), with Vietnamese separators either way.
        holders.total < 10_000 ? vi(holders.total) : new Intl.NumberFormat('vi', { notation: 'compact', maximumFractionDigits: 1 }).format(holders.total),
      );
      expect(await row.locator('[data-figure="active"] .change .sr-only').innerText()).toMatch(/30 ngày trước đó|không có dữ liệu trước đó/);
      expect(await page.locator('.projects-hint').innerText()).toMatch(/^Mở một dự án/);
      expect(await page.locator('.projects-basis').innerText()).toMatch(/^30 ngày trọn vẹn gần nhất, đến /);
      await screenshot(page, `popup-vi-projects-${scheme}`);
      expect(await axeViolations(page, `popup-vi-projects-${scheme}`)).toEqual([]);
      await page.close();
    }
  });
});
