import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';
import { bidiOf, type Bidi } from './firefox-bidi.ts';
import { firefoxBackground, type BackgroundState } from './firefox-background.ts';
import { collectExtensionErrors, CONSOLE_PREFS } from './firefox-console.ts';
import { chooseFromSelectionMenu } from './firefox-context-menu.ts';
import { freshFirefoxProfile } from './firefox-profile.ts';
import { answered, evaluateIn, firefoxPage } from './firefox-page.ts';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import { browserPath } from '../../setup/browsers.ts';
import { handledLater, NEXT_PAGE_TIMEOUT_MS, type BrowserDriver, type LaunchSpec, type TestPage } from './types.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * Firefox ESR driven by puppeteer-core over WebDriver BiDi, with the built
 * Firefox extension installed as a temporary add-on. Never downloads a
 * browser. Firefox's quirks under automation are handled, and explained,
 * where they bite: extension pages in firefox-bidi.ts and firefox-page.ts,
 * console output in firefox-console.ts.
 */

export const FIREFOX_EXTENSION_DIR = resolve(process.env.WXT_OUT_DIR ?? '.output', 'firefox-mv2');
const FIREFOX = browserPath('firefox');

export interface FirefoxDriver extends BrowserDriver {
  readonly name: 'firefox';
  readonly addonId: string;
  /** Where the extension's background stands ('stopped' after stopBackground). */
  backgroundState(): Promise<BackgroundState>;
  /**
   * In a web page opened by this driver: selects the text of `selector`,
   * right-clicks it and chooses the menu item whose label starts with
   * `labelPrefix`, as a user would. Resolves the item's full label.
   */
  chooseFromSelectionMenu(page: TestPage, selector: string, labelPrefix: string): Promise<string>;
}

async function addonIdOf(extensionDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${extensionDir}/manifest.json has no browser_specific_settings.gecko.id (is it a Firefox build?)`);
  return id;
}

function prefs(addonId: string, uuid: string, spec: LaunchSpec): Record<string, unknown> {
  return {
    // The moz-extension:// origin is random per profile unless pinned.
    'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }),
    // permissions.request() from Options is granted without a prompt (a prompt would wait forever headless).
    'extensions.webextOptionalPermissionPrompts': false,
    ...(spec.hosts?.length ? { 'network.dns.localDomains': spec.hosts.join(',') } : {}),
    // 0: dark, 1: light, for every page including the extension's.
    'layout.css.prefers-color-scheme.content-override': spec.colorScheme === 'dark' ? 0 : 1,
    ...CONSOLE_PREFS,
  };
}

/** How long one look at a new tab's location is waited for before the next: a look Firefox leaves unanswered
 * (a tab turning from about:blank into an extension document may) must not hold up the wait to its end. */
const LOCATION_LOOK_MS = 3_000;

/**
 * Whether the page's own location comes to match before `stop()` says to give
 * up. Polled: Firefox reports no URL or load events for extension documents,
 * and windows the extension opens start as about:blank. `last` hears what each
 * look found, for a miss's error.
 */
async function comesToMatch(page: Page, url: RegExp, stop: () => boolean, last: (seen: string) => void): Promise<boolean> {
  while (!stop()) {
    const href = await answered(page.evaluate(() => location.href), 'a look at a new tab\'s location', LOCATION_LOOK_MS).catch((e: unknown) => {
      last(String(e).slice(0, 120));
      return null;
    });
    if (href) last(href);
    if (href && url.test(href)) return true;
    if (href === null && page.isClosed()) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export async function launchFirefox(spec: LaunchSpec): Promise<FirefoxDriver> {
  const addonId = await addonIdOf(spec.extensionDir);
  const uuid = randomUUID();
  const origin = `moz-extension://${uuid}`;
  const profile = await freshFirefoxProfile(FIREFOX);
  const firefox: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile.path,
    // Chrome-scope access: extension pages by context, the background's lifecycle, context menus.
    args: ['--remote-allow-system-access'],
    acceptInsecureCerts: true,
    defaultViewport: { width: 1100, height: 800 },
    extraPrefsFirefox: prefs(addonId, uuid, spec),
  }).catch(async (e: unknown) => {
    await profile.remove();
    throw e;
  });
  try {
    const installed = await firefox.installExtension(spec.extensionDir);
    if (installed !== addonId) throw new Error(`Installed ${installed}, expected ${addonId}`);
    const bidi: Bidi = await bidiOf(firefox);
    const child = firefox.process();
    const errors = await collectExtensionErrors(bidi, origin, [child?.stdout ?? null, child?.stderr ?? null]);
    const background = firefoxBackground(bidi, addonId);

    // The first tab stays on an inert extension document (no script of ours runs in it) and
    // serves inExtension: it never takes focus from a test's tab, and never closes (closing a
    // tab is an event that wakes the background).
    const [first] = await firefox.pages();
    let helper = first ?? (await firefox.newPage());
    await bidi.navigate(helper, `${origin}/manifest.json`);

    // Firefox opens a new tab in its most recent window; when that window is one closing at that moment
    // (a consent window the extension just closed), BiDi answers "Target closed": ask once more.
    // The tab opens in the background, then comes to the front: for a foreground tab, BiDi first waits for
    // the selected tab's document to turn hidden, and when that tab is one of the extension's documents
    // (which BiDi does not follow) the wait never ends.
    const createTab = () => firefox.newPage({ background: true });
    const newTab = async () => {
      const page = await createTab().catch((e: unknown) => {
        if (!/Target closed/i.test(String(e))) throw e;
        return createTab();
      });
      await Promise.race([page.bringToFront(), new Promise((r) => setTimeout(r, 5_000))]);
      return page;
    };
    const pages = new WeakMap<TestPage, Page>();
    const wrap = (page: Page): TestPage => {
      page.setDefaultTimeout(STEP_CEILING_MS);
      const p = firefoxPage(page, bidi);
      pages.set(p, page);
      return p;
    };
    const inExtension = <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) => evaluateIn(helper, fn, arg);

    const driver: FirefoxDriver = {
      name: 'firefox',
      addonId,
      extensionOrigin: origin,
      async open(url) {
        const page = await answered(newTab(), 'a new tab');
        await page.goto(url, { waitUntil: 'load' });
        return wrap(page);
      },
      async openExtensionPage(path) {
        // Through a tab of the driver's own, not as the extension opens one (tabs.create): half the CPU a page, but
        // under the suite's load such a tab now and then never reached the driver (2 of ~200 opens in one run).
        const page = await answered(newTab(), 'a new tab');
        await answered(bidi.navigate(page, `${origin}/${path.replace(/^\//, '')}`), `the load of ${path}`);
        return wrap(page);
      },
      nextPage(url, timeoutMs = NEXT_PAGE_TIMEOUT_MS) {
        return handledLater(new Promise((resolvePage, reject) => {
          let settled = false;
          const settle = () => {
            settled = true;
            clearTimeout(timer);
            firefox.off('targetcreated', onTarget);
          };
          // What each page that opened meanwhile last showed, for the error: a miss names what did open.
          const seen: string[] = [];
          const timer = setTimeout(() => {
            settle();
            void firefox.pages().then(
              (open) => open.map((p) => p.url()),
              () => [] as string[],
            ).then((open) => {
              reject(new Error(`No page matching ${url} within ${timeoutMs} ms (opened meanwhile: ${seen.join(', ') || 'none'}; open now: ${open.join(', ')})`));
            });
          }, timeoutMs);
          const onTarget = async (target: Target) => {
            if (target.type() !== 'page') return;
            const i = seen.push('a page not yet attached') - 1;
            const page = await target.page().catch((e: unknown) => {
              seen[i] = `a page that failed to attach (${String(e)})`;
              return null;
            });
            if (!page) return;
            const matched = await comesToMatch(page, url, () => settled, (last) => (seen[i] = last));
            if (matched && !settled) {
              settle();
              resolvePage(wrap(page));
            } else if (!matched && page.isClosed()) {
              seen[i] += ' (closed)';
            }
          };
          firefox.on('targetcreated', onTarget);
        }));
      },
      inExtension,
      askWorker: (type, payload = {}) =>
        answered(
          inExtension(
            ({ channel, t, p }) => browser.runtime.sendMessage({ channel, type: t, payload: p }),
            { channel: CHANNEL, t: type, p: payload },
          ),
          `the background's answer to ${type}`,
          STEP_CEILING_MS,
        ),
      async setStorage(area, items) {
        await inExtension(({ a, i }) => browser.storage[a].set(i), { a: area, i: items });
      },
      getStorage: (area) => inExtension((a) => browser.storage[a].get(null), area),
      async stopBackground() {
        await background.stop();
        // Nothing was opened to do it.
        return async () => undefined;
      },
      async reloadExtension() {
        // Installing the same temporary add-on again replaces the running one, as an update does. Unlike
        // update(), no tab is opened first: a reload leaves the dApp tabs, so the browser never runs out of tabs.
        const again = await firefox.installExtension(spec.extensionDir);
        if (again !== addonId) throw new Error(`Reinstalled ${again}, expected ${addonId}`);
        // The helper's document belonged to the old version, which closes it: a new helper serves the new one.
        const old = helper;
        helper = await firefox.newPage({ background: true });
        await bidi.navigate(helper, `${origin}/manifest.json`);
        await old.close().catch(() => undefined);
      },
      backgroundState: () => background.state(),
      chooseFromSelectionMenu(page, selector, labelPrefix) {
        const raw = pages.get(page);
        if (!raw) throw new Error('chooseFromSelectionMenu needs a page this driver opened');
        return chooseFromSelectionMenu(bidi, raw, selector, labelPrefix);
      },
      async update(buildDir) {
        const id = await addonIdOf(buildDir);
        if (id !== addonId) throw new Error(`${buildDir} is add-on ${id}, not an update of ${addonId}`);
        // Firefox closes the replaced instance's tabs, the helper too; were it the browser's last tab, the
        // browser would quit. The next helper is opened first, and loads its document from the new instance.
        const next = await answered(newTab(), 'a new tab');
        const at = Date.now();
        const installed = await firefox.installExtension(buildDir);
        if (installed !== addonId) throw new Error(`Installed ${installed}, expected ${addonId}`);
        const replaced = helper;
        helper = next;
        await answered(bidi.navigate(helper, `${origin}/manifest.json`), 'the helper tab\'s load after the update');
        await replaced.close().catch(() => undefined);
        const deadline = Date.now() + STEP_CEILING_MS;
        while ((await background.state()) !== 'running') {
          if (Date.now() > deadline) throw new Error(`The updated background did not start (state: ${await background.state()})`);
          await new Promise((r) => setTimeout(r, 100));
        }
        return at;
      },
      extensionErrors: () => errors.lines,
      async close() {
        await firefox.close();
        await profile.remove();
      },
    };
    return driver;
  } catch (e) {
    await firefox.close();
    await profile.remove();
    throw e;
  }
}
