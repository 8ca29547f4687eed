import { getAddress } from 'viem';
import type { Page } from 'playwright-core';
import type { TestPage } from './driver/types.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { axeViolations } from './axe.ts';
import { startChromiumProofWorld } from './driver/chromium.ts';
import { printExtensionErrorsOnFailure } from './driver/report.ts';
import { askWorkerFrom, screenshot, type ExtensionHarness } from './harness.ts';
import { PROOF_CHECKED_WITHIN_MS, TEST_WITH_PROOF_MS, type ProofWorld } from './proof-world.ts';
import { CONSENT } from './consent-window.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * axe-core (every rule, every impact) over every page and state a user meets,
 * in light and in dark: the popup's tabs, each stats section with its
 * disclosures and chart tables open, the empty, error and no-analytics
 * states, the Score tab and score window, the Proofs tab with a flow in
 * progress and a report, Options, the dashboard and the consent window.
 * Zero violations.
 */

const POPUP = { width: 660, height: 600 };

describe('accessibility audit (axe-core)', () => {
  let w: ProofWorld;
  let h: ExtensionHarness;
  const found: string[] = [];

  beforeAll(async () => {
    ({ world: w, harness: h } = await startChromiumProofWorld());
  });
  afterAll(async () => {
    await w?.close();
  });
  printExtensionErrorsOnFailure(() => w?.driver);
  // Each test reports its own findings only.
  beforeEach(() => {
    found.length = 0;
  });

  /** Audits the page as it is now in light, then in dark (charts redraw on the flip), and saves a screenshot of each. */
  async function audit(page: Page, state: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Let the colour-scheme change listeners (uPlot redraws) run before reading colours.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      found.push(...(await axeViolations(page, `${state} [${scheme}]`)));
      await screenshot(page, `a11y-${state}-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /** The audit's findings since the last call, as one readable list (empty: none). */
  function takeFindings(): string {
    const text = found.join('\n');
    found.length = 0;
    return text;
  }

  async function openPopup(): Promise<Page> {
    const page = await h.context.newPage();
    await page.setViewportSize(POPUP);
    await page.goto(`${h.origin}/popup.html`);
    await page.locator('.popup').waitFor();
    return page;
  }

  async function chooseProject(page: Page, project: string) {
    const field = page.getByLabel('Project', { exact: true });
    await field.fill(project);
    await field.press('Enter');
  }

  /** Waits until every block shown has settled (ready, empty, error or no-analytics), then every chart has drawn. */
  async function settled(page: Page) {
    // No section or block still loading (a lazy section shows a busy placeholder before its blocks exist).
    await page.waitForFunction(
      () => !document.querySelector('[aria-busy="true"]') && [...document.querySelectorAll('[data-block]')].every((b) => b.getAttribute('data-state') !== 'loading'),
      undefined,
      { timeout: STEP_CEILING_MS },
    );
    await page.waitForFunction(() => [...document.querySelectorAll('.chart-box')].every((b) => b.querySelector('canvas')));
  }

  /** Opens every disclosure and chart table of the page, so what they show is audited too. */
  async function expandAll(page: Page) {
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const closed = page.locator('button[data-chart-table][aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    await page.waitForFunction(() => [...document.querySelectorAll('button[data-chart-table]')].every((b) => {
      const id = b.getAttribute('aria-controls');
      return id && document.getElementById(id)?.querySelector('table');
    }));
  }

  /** The playwright page behind a driver page (the newest one on that URL). */
  async function pageOf(t: TestPage): Promise<Page> {
    const url = await t.url();
    return h.context.pages().filter((p) => p.url() === url).at(-1)!;
  }

  /**
   * Presses Tab (or Shift+Tab) until the focused element matches `selector`,
   * checking at each stop that the focus is visible: an outline or a ring.
   */
  async function tabTo(page: Page, selector: string, { back = false, checkFocus = true } = {}): Promise<void> {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      const focus = await page.evaluate((sel) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return { at: false, shown: true, what: 'the page' };
        const css = getComputedStyle(el);
        const shown = (css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0) || css.boxShadow !== 'none';
        const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
        return { at: el.matches(sel), shown: shown && el.matches(':focus-visible'), what };
      }, selector);
      if (checkFocus) expect(focus.shown, `visible focus on ${focus.what}`).toBe(true);
      if (focus.at) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  const wallet = () => getAddress(w.sandbox.dataset.walletAddresses()[7]!);

  it('the popup\'s Stats tab: empty, then every section of a project expanded', async () => {
    const page = await openPopup();
    await page.locator('.empty.start').waitFor();
    await audit(page, 'popup-stats-empty');

    await chooseProject(page, 'nebula');
    for (const section of ['Holders', 'DApp users', 'Audience']) {
      await page.getByRole('tab', { name: section }).click();
      await settled(page);
      await expandAll(page);
      await audit(page, `popup-stats-${section.toLowerCase().replace(/ /g, '-')}`);
    }
    await page.close();
    expect(takeFindings()).toBe('');
  });

  it('the popup\'s Stats tab: a project without web analytics', async () => {
    const page = await openPopup();
    await chooseProject(page, 'quartz');
    await page.locator('[data-block="traffic"][data-state="no-analytics"]').waitFor({ timeout: STEP_CEILING_MS });
    await settled(page);
    await audit(page, 'popup-stats-no-analytics');
    await page.close();
    expect(takeFindings()).toBe('');
  });

  it('the popup\'s Stats tab: the key refused, and the service down', async () => {
    const { settings } = await h.getStorage('local');
    // Put back whatever happens here: the cases after this one need the right key and a service that answers.
    onTestFinished(() => Promise.all([h.setStorage('session', { apiKey: w.sandbox.apiKey }), h.setStorage('local', { settings })]).then(() => undefined));

    await h.setStorage('session', { apiKey: 'not-the-right-key' });
    const refused = await openPopup();
    await refused.locator('.stats > .notice[data-error="key-rejected"]').waitFor({ timeout: STEP_CEILING_MS });
    await settled(refused);
    await audit(refused, 'popup-stats-key-rejected');
    await refused.close();
    await h.setStorage('session', { apiKey: w.sandbox.apiKey });

    await h.setStorage('local', { settings: { ...(settings as object), dataBaseUrl: 'http://127.0.0.1:9/dev' } });
    const down = await openPopup();
    await down.locator('.stats > .notice[data-error="network"]').waitFor({ timeout: STEP_CEILING_MS });
    await settled(down);
    await audit(down, 'popup-stats-service-down');
    await down.close();

    expect(takeFindings()).toBe('');
  });

  it('the dashboard with every section, its tables open', async () => {
    const page = await h.openPage('dashboard.html');
    await page.setViewportSize({ width: 1280, height: 900 });
    // A project with every kind of data (the popup's last one has no web analytics).
    await chooseProject(page, 'nebula');
    await page.locator('[data-block="holders"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
    for (const section of ['dapp-users', 'audience']) await page.locator(`#h-${section}`).scrollIntoViewIfNeeded();
    await page.locator('[data-block="traffic"]').waitFor();
    await settled(page);
    await expandAll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await audit(page, 'dashboard');
    // "Alert me…" opens its form on the block.
    await page.locator('[data-block="holders"] button.alert-me').click();
    await page.locator('[data-block="holders"] form.alert-form').waitFor();
    await audit(page, 'dashboard-alert-form');
    await page.close();
    expect(takeFindings()).toBe('');
  });

  it('change alerts and the change badge: the form, the badge\'s choices and the Options row, in light and dark and at 420 px', async () => {
    /** What sticks out past either side of the page (cut off, or scrolled sideways; empty: none): the innermost elements, named. */
    const overflowing = (page: Page) => page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const out = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
        // In the page's own coordinates: a page scrolled sideways (scrollIntoView does) shows the cut on the left.
        const r = el.getBoundingClientRect();
        return r.width > 1 && (r.right + scrollX > width + 0.5 || r.left + scrollX < -0.5);
      });
      return out.filter((el) => !out.some((o) => o !== el && el.contains(o)))
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().left + scrollX)}–${Math.round(el.getBoundingClientRect().right + scrollX)} px)`);
    });
    const popup = await openPopup();
    await popup.setViewportSize({ width: 420, height: 600 });
    await chooseProject(popup, 'nebula');
    await popup.getByRole('tab', { name: 'DApp users' }).click();
    await popup.locator('[data-block="daily-users"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
    await popup.locator('[data-block="daily-users"] button.alert-me').click();
    await popup.locator('#alert-new-kind').selectOption('periodChange');
    await popup.locator('#alert-new-way').selectOption('up');
    await popup.locator('[data-block="daily-users"] form.alert-form').scrollIntoViewIfNeeded();
    await audit(popup, 'popup-420-alert-form-period-change');
    expect(await overflowing(popup), 'the change rule form fits 420 px').toEqual([]);
    await popup.locator('[data-block="daily-users"] form.alert-form button[type="button"]').click();
    await popup.locator('#stats-badge').selectOption('dailyUsers');
    await popup.locator('#stats-badge-show').selectOption('change');
    await popup.locator('#stats-badge-show').scrollIntoViewIfNeeded();
    await audit(popup, 'popup-420-badge-change');
    expect(await overflowing(popup), 'the badge choices fit 420 px').toEqual([]);
    await popup.locator('#stats-badge').selectOption('off');
    await popup.close();

    // Options › Alerts with change rules: one up, a share in points, one with no earlier figure, one not yet checked.
    const now = Date.now();
    const filters = { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } };
    await h.setStorage('local', {
      alertRules: [
        { id: 'pc-1', metric: 'dailyUsers', filters, condition: { kind: 'periodChange', percent: 12.5, way: 'up' }, paused: false, createdAt: now },
        { id: 'pc-2', metric: 'returningShare', filters, condition: { kind: 'periodChange', percent: 5, way: 'either' }, paused: false, createdAt: now },
        { id: 'pc-3', metric: 'newHolders', filters: { ...filters, range: { days: 7 } }, condition: { kind: 'periodChange', percent: 30, way: 'down' }, paused: true, createdAt: now },
        { id: 'pc-4', metric: 'activeHolders', filters, condition: { kind: 'periodChange', percent: 10, way: 'either' }, paused: false, createdAt: now },
      ],
      alertRules$: { v: 1 },
      alertState: {
        rules: {
          'pc-1': { lastCheck: now, change: { kind: 'relative', direction: 'down', ratio: -0.174 }, changeDays: 30, lastChange: -17.4 },
          'pc-2': { lastCheck: now, change: { kind: 'points', direction: 'up', points: 0.021 }, changeDays: 30, lastChange: 2.1 },
          'pc-3': { lastCheck: now, change: { kind: 'no-earlier' }, changeDays: 7, error: 'The service did not answer.' },
        },
        held: [],
      },
      alertState$: { v: 1 },
    });
    const options = await h.openPage('options.html');
    await options.locator('tr[data-rule="pc-1"] .change[data-change="down"]').waitFor();
    await options.locator('tr[data-rule]').first().scrollIntoViewIfNeeded();
    await audit(options, 'options-alerts-period-change');
    await options.locator('tr[data-rule="pc-2"] [data-action="edit"]').click();
    await options.locator('#alert-pc-2-way').waitFor();
    await audit(options, 'options-alert-edit-period-change');
    await options.setViewportSize({ width: 420, height: 800 });
    await options.locator('tr[data-rule="pc-1"]').scrollIntoViewIfNeeded();
    await audit(options, 'options-420-alerts-period-change');
    expect(await overflowing(options), 'Options\' alerts fit 420 px').toEqual([]);
    await options.close();
    await h.setStorage('local', { alertRules: [], alertState: { rules: {}, held: [] } });
    expect(takeFindings()).toBe('');
  });

  it('the Score tab and the score window: idle, invalid address, a result with recent lookups, no address', async () => {
    const page = await openPopup();
    await page.getByRole('tab', { name: 'Score' }).click();
    await expect.poll(() => page.getByLabel('Score model').inputValue()).toBe('credit-v1');
    await audit(page, 'popup-score-idle');
    await page.getByLabel('Address', { exact: true }).fill('0x1234');
    await page.getByRole('button', { name: 'Check score' }).click();
    await page.getByRole('alert').waitFor();
    await audit(page, 'popup-score-invalid');
    await page.getByLabel('Address', { exact: true }).fill(wallet());
    await page.getByRole('button', { name: 'Check score' }).click();
    await page.getByTestId('score-value').waitFor({ timeout: STEP_CEILING_MS });
    await page.getByRole('region', { name: 'Recent lookups' }).waitFor();
    await audit(page, 'popup-score-result');
    // Watched: the Score tab lists the address with its band (the permission prompt stays unanswered headless).
    await page.locator('.watch-toggle button').click();
    await page.locator('.watch-row [data-testid="watch-band"]').waitFor({ timeout: STEP_CEILING_MS });
    await settled(page);
    await audit(page, 'popup-score-watchlist');
    await page.close();

    const win = await h.openPage(`score.html?address=${wallet()}`);
    await win.setViewportSize({ width: 420, height: 680 });
    await win.getByTestId('score-value').waitFor({ timeout: STEP_CEILING_MS });
    await audit(win, 'score-window');
    await win.goto(`${h.origin}/score.html?noAddress=1`);
    await win.getByRole('status').first().waitFor();
    await audit(win, 'score-window-no-address');
    await win.close();
    expect(takeFindings()).toBe('');
  });

  it('Options, the consent window (pending and gone), and the Proofs tab with a flow in progress and its report', async () => {
    const options = await h.openPage('options.html');
    await options.getByLabel('API key', { exact: true }).waitFor();
    await audit(options, 'options');
    await options.close();

    // Options › Alerts with rules: one checked (its last value and time), one paused, one whose last check failed.
    const now = Date.now();
    const filters = { project: 'nebula', chainId: '', tokenId: '', dapp: '', range: { days: 30 } };
    await h.setStorage('local', {
      alertRules: [
        { id: 'a11y-1', metric: 'dailyUsers', filters, condition: { kind: 'above', value: 1200 }, paused: false, createdAt: now },
        { id: 'a11y-2', metric: 'totalHolders', filters, condition: { kind: 'change', percent: 10 }, paused: true, createdAt: now },
        { id: 'a11y-3', metric: 'activeHolders', filters, condition: { kind: 'below', value: 50 }, paused: false, createdAt: now },
      ],
      alertRules$: { v: 1 },
      alertState: { rules: { 'a11y-1': { lastCheck: now, lastValue: 1105 }, 'a11y-3': { lastCheck: now, error: 'The service did not answer.' } }, held: [] },
      alertState$: { v: 1 },
    });
    const withRules = await h.openPage('options.html');
    await withRules.locator('tr[data-rule="a11y-3"]').waitFor();
    await withRules.locator('tr[data-rule]').first().scrollIntoViewIfNeeded();
    await audit(withRules, 'options-alerts');
    // Editing a rule opens its form in place.
    await withRules.locator('tr[data-rule="a11y-1"] [data-action="edit"]').click();
    await withRules.locator('form.alert-form').waitFor();
    await audit(withRules, 'options-alert-edit');
    await withRules.close();
    await h.setStorage('local', { alertRules: [], alertState: { rules: {}, held: [] } });

    // A consent window whose request is gone (answered elsewhere, expired).
    const gone = await h.openPage('consent.html?flow=no-such-flow');
    await gone.getByText('This request is no longer pending.').waitFor();
    await audit(gone, 'consent-gone');
    await gone.close();

    const popup = await openPopup();
    await popup.getByRole('tab', { name: 'Proofs' }).click();
    await popup.getByText('No proof requests in progress.').waitFor();
    await audit(popup, 'popup-proofs-empty');

    // A site of its own: a rejected site cools down before it may ask again, and the keyboard walk asks from dapp.example.
    const dapp = await w.openDapp('a11y', w.origin('reject.example'));
    const opened = w.driver.nextPage(CONSENT);
    await dapp.click('#request');
    const consentUrl = await (await opened).url();
    const consent = h.context.pages().find((p) => p.url() === consentUrl)!;
    await consent.getByTestId('consent-origin').waitFor();
    await consent.bringToFront();
    await consent.locator('[data-testid="consent-approve"]:not([disabled])').waitFor();
    await audit(consent, 'consent');

    await popup.getByTestId('proof-flow').waitFor();
    await audit(popup, 'popup-proofs-in-progress');
    await consent.getByTestId('consent-reject').click();
    await popup.locator('.proof-report').first().waitFor();
    await popup.getByText('No proof requests in progress.').waitFor();
    await audit(popup, 'popup-proofs-report');
    await popup.close();
    await dapp.close();
    expect(takeFindings()).toBe('');
  });

  it('the Proofs tab\'s history: sites blocked, allowed and asking, a long host and model, Undo and the Forget all question; also at 420 px', async () => {
    const popup = await openPopup();
    const now = Date.now();
    const long = 'https://a-very-long-subdomain-name-for-a-dapp.some-long-domain-name.example';
    const records = [
      { id: 'a11y-h1', origin: 'https://dapp.example', at: now - 60_000, scoreId: 'credit-v1', condition: 600, score: 747, bound: true, check: 'verified', source: 'page' },
      { id: 'a11y-h2', origin: 'https://dapp.example', at: now - 86_400_000, scoreId: 'credit-v1', condition: 650, score: 747, bound: false, check: 'not-checked', source: 'popup' },
      { id: 'a11y-h3', origin: long, at: now - 3_600_000, scoreId: `m${'x'.repeat(63)}`, condition: 300, score: 512, bound: false, check: 'verified', source: 'page' },
      { id: 'a11y-h4', origin: 'https://allow.example', at: now - 7_200_000, scoreId: 'credit-v1', condition: 600, score: 801, bound: false, check: 'verified', source: 'page' },
    ];
    expect(await askWorkerFrom(popup, 'proof.history.restore', { records })).toMatchObject({ ok: true });
    await popup.getByRole('tab', { name: 'Proofs' }).click();
    await popup.locator(`li.history-site[data-origin="${long}"]`).waitFor();
    await popup.getByRole('button', { name: `Block ${long}` }).click();
    await popup.getByRole('button', { name: 'Always allow https://allow.example' }).click();
    await popup.locator('li.history-site[data-origin="https://allow.example"] [data-standing="allowed"]').waitFor();
    await popup.locator('li.history-site[data-origin="https://dapp.example"] .history-forget').first().click();
    await popup.getByTestId('history-undo').waitFor();
    await popup.getByTestId('history-forget-all').click();
    await popup.getByTestId('history-forget-all-yes').waitFor();
    await audit(popup, 'popup-proofs-history');

    // At 420 px: nothing runs out sideways.
    await popup.setViewportSize({ width: 420, height: 600 });
    expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
    await audit(popup, 'popup-proofs-history-420');
    await popup.close();
    expect(takeFindings()).toBe('');
  });

  it('a table wider than its box (the dashboard in a narrow window) is a keyboard stop that scrolls with the arrow keys', async () => {
    const page = await h.openPage('dashboard.html#project=nebula');
    await page.setViewportSize({ width: 320, height: 700 });
    const retention = '[data-block="retention"] [role="region"][tabindex="0"]';
    // Lower sections mount when scrolled to.
    await expect.poll(async () => {
      await page.mouse.wheel(0, 2000);
      return page.locator(retention).count();
    }, { timeout: STEP_CEILING_MS }).toBe(1);
    await page.locator(retention).evaluate((el) => el.scrollIntoView());
    await page.locator('[data-block="retention"] h3, [data-block="retention"] h2').first().click();
    await tabTo(page, retention);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator(retention).evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.close();
  });

  it('the popup\'s actions and the whole proof flow, by keyboard alone, with the focus always visible', async () => {
    const dapp = await w.openDapp('keys');
    await dapp.bringToFront();
    // The popup as the toolbar shows it: a small window over the dApp, which stays the active tab.
    const popupOpened = w.driver.nextPage(/\/popup\.html/);
    await w.driver.inExtension(() => chrome.windows.create({ url: chrome.runtime.getURL('/popup.html'), type: 'popup', width: 420, height: 600 }).then(() => undefined));
    const popup = await pageOf(await popupOpened);
    await popup.locator('.popup').waitFor();
    await popup.setViewportSize({ width: 420, height: 600 });

    // Stats: the first stop is the current tab; then the project field, committed with Enter.
    await tabTo(popup, '#tab-stats');
    await tabTo(popup, '#stats-project');
    await popup.keyboard.press('Control+A');
    await popup.keyboard.type('nebula');
    await popup.keyboard.press('Enter');
    // A filter: the time range, changed with the arrow keys.
    await tabTo(popup, '#stats-range');
    const range = await popup.locator('#stats-range').inputValue();
    await popup.keyboard.press('ArrowDown');
    await expect.poll(() => popup.locator('#stats-range').inputValue()).not.toBe(range);
    await popup.keyboard.press('ArrowUp');
    await expect.poll(() => popup.locator('#stats-range').inputValue()).toBe(range);

    // A section, then a chart's numbers as a table.
    await tabTo(popup, '#section-holders');
    await popup.keyboard.press('Enter');
    await popup.locator('[data-block="holders"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
    await tabTo(popup, '[data-block="holders"] button[data-chart-table]');
    await popup.keyboard.press('Enter');
    await popup.locator('[data-block="holders"] .chart-table table').waitFor();
    expect(await popup.locator('[data-block="holders"] button[data-chart-table]').getAttribute('aria-expanded')).toBe('true');

    // Audience: the retention table fits the popup (compact periods), so it is no stop of its own; where it
    // is wider than its box (the dashboard in a narrow window, below) it is one, and scrolls with the arrow keys.
    await tabTo(popup, '#section-audience', { back: true });
    await popup.keyboard.press('Enter');
    await popup.locator('[data-block="retention"][data-state="ready"]').waitFor({ timeout: STEP_CEILING_MS });
    expect(await popup.locator('[data-block="retention"] table').evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    expect(await popup.locator('[data-block="retention"] [role="region"][tabindex="0"]').count()).toBe(0);

    // Refresh: every shown block is asked for again.
    const asked = w.log.paths.filter((p) => p.includes('/v3/data/nebula/')).length;
    await tabTo(popup, '.stats-foot button[title="Fetch every shown block again"]');
    await popup.keyboard.press('Enter');
    await expect.poll(() => w.log.paths.filter((p) => p.includes('/v3/data/nebula/')).length).toBeGreaterThan(asked);

    // Score: back to the tabs, the arrow key moves through Projects to Score; look an address up with Enter.
    await tabTo(popup, '#tab-stats', { back: true });
    await popup.keyboard.press('ArrowRight');
    expect(await popup.locator('#tab-projects').getAttribute('aria-selected')).toBe('true');
    await popup.keyboard.press('ArrowRight');
    expect(await popup.locator('#tab-score').getAttribute('aria-selected')).toBe('true');
    await tabTo(popup, 'input.mono');
    await popup.keyboard.type(wallet());
    await popup.keyboard.press('Enter');
    await popup.getByTestId('score-value').waitFor({ timeout: STEP_CEILING_MS });

    // Proofs: "Prove my score to this site", pressed with Space, reaches the page.
    await tabTo(popup, '#tab-score', { back: true });
    await popup.keyboard.press('ArrowRight');
    expect(await popup.locator('#tab-proofs').getAttribute('aria-selected')).toBe('true');
    await tabTo(popup, '[data-testid="prove-to-site"]');
    const fromPopup = w.driver.nextPage(w.proofPage);
    await popup.keyboard.press('Space');
    await w.prove(await fromPopup);
    await expect.poll(() => dapp.attr('#result', 'data-checked'), { timeout: PROOF_CHECKED_WITHIN_MS }).toBe('true');
    expect(await dapp.text('#status')).toContain('from the Vantage popup');
    if (!popup.isClosed()) await popup.close();

    const firstSession = await dapp.text('#session');
    // The site asks (its own button, by keyboard); in the consent window Tab reaches Approve, and Enter approves.
    const site = await pageOf(dapp);
    await site.bringToFront();
    await site.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const consentOpened = w.driver.nextPage(CONSENT);
    await tabTo(site, '#request', { checkFocus: false });
    await site.keyboard.press('Enter');
    const consent = await pageOf(await consentOpened);
    await consent.getByTestId('consent-origin').waitFor();
    await consent.bringToFront();
    // Approve takes keys only once the window has had attention a moment (lib/proof/click-guard.ts).
    await consent.locator('[data-testid="consent-approve"]:not([disabled])').waitFor();
    await tabTo(consent, '[data-testid="consent-approve"]');
    await screenshot(consent, 'a11y-consent-focus');
    const proofOpened = w.driver.nextPage(w.proofPage);
    // Approving closes the window, possibly between the key going down and coming up.
    await consent.keyboard.press('Enter').catch((e: unknown) => {
      if (!consent.isClosed()) throw e;
    });
    await w.prove(await proofOpened);
    // A second proof, of its own session, reaches the page and passes its checks.
    await expect.poll(() => dapp.text('#session'), { timeout: STEP_CEILING_MS }).not.toBe(firstSession);
    await expect.poll(() => dapp.attr('#result', 'data-checked'), { timeout: PROOF_CHECKED_WITHIN_MS }).toBe('true');
    expect(await dapp.text('#status')).not.toContain('from the Vantage popup');
    await dapp.close();
  }, TEST_WITH_PROOF_MS + PROOF_CHECKED_WITHIN_MS);
});
