import puppeteer, { type Page } from 'puppeteer-core';
import { browserPath } from '../setup/browsers.ts';
import { freshFirefoxProfile } from './driver/firefox-profile.ts';
import { waitUntilShown } from './driver/firefox-wait.ts';
import { noExtensionScenarios, PHONE, type LaunchPlain, type Tab } from './no-extension-scenarios.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The no-extension path in Firefox ESR with no extension (puppeteer-core over WebDriver BiDi); the phone
 * is a second browser context (a BiDi user context) at phone size.
 */

/** puppeteer's default for a wait, which these waits had before. */
const DEFAULT_WAIT_MS = STEP_CEILING_MS;

function tab(page: Page): Tab {
  return {
    // Serialised into the page: only its argument and the page's globals.
    evaluate: (fn, arg) => page.evaluate(fn as (a: unknown) => unknown, arg) as never,
    click: async (selector) => {
      await waitUntilShown(page, selector, DEFAULT_WAIT_MS);
      await page.click(selector);
    },
    waitFor: (selector, timeoutMs) => waitUntilShown(page, selector, timeoutMs ?? DEFAULT_WAIT_MS),
    screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
    isClosed: () => page.isClosed(),
  };
}

const launch: LaunchPlain = async (hosts) => {
  const profile = await freshFirefoxProfile(browserPath('firefox'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: browserPath('firefox'),
    headless: true,
    userDataDir: profile.path,
    acceptInsecureCerts: true,
    defaultViewport: { width: 1100, height: 800 },
    extraPrefsFirefox: { 'network.dns.localDomains': hosts.join(',') },
  });
  const phone = await browser.createBrowserContext();
  return {
    name: 'firefox',
    async open(url) {
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'load' });
      return tab(page);
    },
    async nextTab(url) {
      // The desktop browser's own tabs only: the phone (another context) opens the same kind of page.
      const target = await browser.defaultBrowserContext().waitForTarget((t) => t.type() === 'page' && url.test(t.url()), { timeout: STEP_CEILING_MS });
      const page = (await target.page())!;
      // The user looks at the tab they were sent to: a background tab is not laid out, so nothing in it counts as visible.
      await page.bringToFront();
      return tab(page);
    },
    async openPhone(url) {
      const page = await phone.newPage();
      await page.setViewport(PHONE);
      await page.goto(url, { waitUntil: 'load' });
      return tab(page);
    },
    async close() {
      await browser.close();
      await profile.remove();
    },
  };
};

noExtensionScenarios(launch);
