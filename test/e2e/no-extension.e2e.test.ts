import { chromium, type Page } from 'playwright-core';
import { browserPath } from '../setup/browsers.ts';
import { noExtensionScenarios, PHONE, type LaunchPlain, type Tab } from './no-extension-scenarios.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/** The no-extension path in Debian's Chromium with no extension (playwright-core); the phone is a second context. */

function tab(page: Page): Tab {
  return {
    evaluate: (fn, arg) => page.evaluate(fn as (a: unknown) => never, arg as unknown),
    click: (selector) => page.locator(selector).first().click(),
    waitFor: (selector, timeoutMs) => page.locator(selector).first().waitFor({ state: 'visible', ...(timeoutMs ? { timeout: timeoutMs } : {}) }),
    screenshot: async (path) => void (await page.screenshot({ path })),
    isClosed: () => page.isClosed(),
  };
}

const launch: LaunchPlain = async (hosts) => {
  const browser = await chromium.launch({
    executablePath: browserPath('chromium'),
    headless: true,
    args: [`--host-resolver-rules=${hosts.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`, '--ignore-certificate-errors'],
  });
  const desktop = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  return {
    name: 'chromium',
    async open(url) {
      const page = await desktop.newPage();
      await page.goto(url);
      return tab(page);
    },
    async nextTab(url) {
      const page = await desktop.waitForEvent('page', { timeout: STEP_CEILING_MS });
      await page.waitForURL(url, { timeout: STEP_CEILING_MS });
      return tab(page);
    },
    async openPhone(url) {
      const page = await phone.newPage();
      await page.goto(url);
      return tab(page);
    },
    close: () => browser.close(),
  };
};

noExtensionScenarios(launch);
