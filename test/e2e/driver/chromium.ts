import type { Page } from 'playwright-core';
import { EXTENSION_DIR, launchExtension, screenshot, type ExtensionHarness } from '@/test/e2e/harness.ts';
import { startProofWorld, type ProofWorld } from '@/test/e2e/proof-world.ts';
import { handledLater, NEXT_PAGE_TIMEOUT_MS, type BrowserDriver, type LaunchBrowser, type TestPage } from './types.ts';

/** Debian's Chromium through playwright-core (test/e2e/harness.ts), behind the shared driver interface. */

function testPage(page: Page): TestPage {
  const first = (selector: string) => page.locator(selector).first();
  return {
    url: () => page.evaluate(() => location.href),
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: ((fn: (arg: unknown) => unknown, arg?: unknown) => page.evaluate(fn, arg)) as TestPage['evaluate'],
    waitFor: (selector, timeoutMs) => first(selector).waitFor({ state: 'visible', ...(timeoutMs ? { timeout: timeoutMs } : {}) }),
    click: async (selector, takesClicksWithinMs) => {
      // A trial click runs Playwright's actionability checks (visible, stable, enabled, hit) without clicking.
      if (takesClicksWithinMs !== undefined) await first(selector).click({ trial: true, timeout: takesClicksWithinMs });
      await first(selector).click();
    },
    fill: (selector, value) => first(selector).fill(value),
    press: (selector, key) => first(selector).press(key),
    text: (selector) => first(selector).innerText(),
    attr: (selector, name) => page.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null, [selector, name] as const),
    waitForClose: async (timeoutMs) => {
      if (!page.isClosed()) await page.waitForEvent('close', timeoutMs ? { timeout: timeoutMs } : {});
    },
    isClosed: () => page.isClosed(),
    close: () => page.close(),
    bringToFront: () => page.bringToFront(),
    screenshot: async (name) => {
      await screenshot(page, `chromium-${name}`);
    },
  };
}

export const launchChromium: LaunchBrowser = async (spec) => (await launchChromiumWithHarness(spec)).driver;

/** The driver and the playwright harness under it, for Chromium-only tests that need more (keyboard, CDP). */
export async function launchChromiumWithHarness(spec: Parameters<LaunchBrowser>[0]): Promise<{ driver: BrowserDriver; harness: ExtensionHarness }> {
  const h = await launchExtension({
    extensionDir: spec.extensionDir,
    colorScheme: spec.colorScheme,
    hosts: spec.hosts,
    developerMode: spec.developerMode,
    language: spec.language,
  });
  const errors: string[] = [];
  h.context.on('console', (m) => {
    // The extension's pages and its service worker (where its features log what went wrong).
    const from = m.page()?.url() ?? m.worker()?.url();
    if ((m.type() === 'error' || m.type() === 'warning') && from?.startsWith(h.origin)) errors.push(`[${from}] ${m.text()}`);
  });
  h.context.on('weberror', (e) => errors.push(String(e.error())));

  const inExtension = (fn: (arg: unknown) => unknown, arg?: unknown) => h.inExtension(fn, arg);

  const driver: BrowserDriver = {
    name: 'chromium',
    extensionOrigin: h.origin,
    open: async (url) => {
      const page = await h.context.newPage();
      await page.goto(url);
      return testPage(page);
    },
    openExtensionPage: async (path) => testPage(await h.openPage(path)),
    nextPage: (url, timeoutMs = NEXT_PAGE_TIMEOUT_MS) => handledLater(h.nextPage(url, { timeoutMs }).then(testPage)),
    inExtension: inExtension as BrowserDriver['inExtension'],
    askWorker: (type, payload = {}) =>
      inExtension((arg) => {
        const [t, p] = arg as [string, unknown];
        return chrome.runtime.sendMessage({ channel: 'vantage/v1', type: t, payload: p });
      }, [type, payload]),
    setStorage: (area, items) => h.setStorage(area, items),
    getStorage: (area) => h.getStorage(area),
    stopBackground: async () => {
      // From the harness's kept tab, which stays open: closing a tab is itself an event (tabs.onRemoved) that
      // would wake the worker. Only the flow's alarm may.
      await h.stopWorker();
      return async () => undefined;
    },
    reloadExtension: async () => void (await h.reload()),
    update: (buildDir) => h.updateFrom(buildDir),
    extensionErrors: () => errors,
    close: () => h.close(),
  };
  return { driver, harness: h };
}

/** The proof world (proof-world.ts) in Chromium, with the playwright harness under its driver, for Chromium-only tests. */
export async function startChromiumProofWorld(opts: { readonly language?: string } = {}): Promise<{ world: ProofWorld; harness: ExtensionHarness }> {
  let harness!: ExtensionHarness;
  const world = await startProofWorld(async (spec) => {
    const launched = await launchChromiumWithHarness({ ...spec, ...opts });
    harness = launched.harness;
    return launched.driver;
  }, { extensionDir: EXTENSION_DIR });
  return { world, harness };
}
