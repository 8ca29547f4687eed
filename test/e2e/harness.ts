import { access, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { browserPath } from '../setup/browsers.ts';
import { STEP_CEILING_MS } from './ceilings.ts';
import { handledLater } from './driver/types.ts';

/**
 * Real-browser harness: Debian's Chromium driven by playwright-core, with the
 * built chrome-mv3 extension loaded unpacked. Never downloads a browser.
 */

/**
 * The extension document the harness reads storage and wakes the worker from. Not the popup: it would
 * start fetching stats and fill the cache behind a test's back (the Firefox driver does the same).
 */
const QUIET_PAGE = 'manifest.json';

export const EXTENSION_DIR = resolve(process.env.WXT_OUT_DIR ?? '.output', 'chrome-mv3');
export const SCREENSHOT_DIR = resolve('test-results/screenshots');
const CHROMIUM = browserPath('chromium');

export interface LaunchOptions {
  readonly extensionDir?: string;
  readonly colorScheme?: 'light' | 'dark';
  /** The browser's UI language (`--lang`), which picks the extension's messages and its locale (`vi`): English by default. */
  readonly language?: string;
  /** Made-up hostnames resolved to 127.0.0.1 by this browser only; https to them accepts self-signed certificates. */
  readonly hosts?: readonly string[];
  /** Developer mode on, so an extension page may call `chrome.runtime.reload()` (how Chromium applies an update). */
  readonly developerMode?: boolean;
  /**
   * The profile folder to launch with, kept by `close()`, so a test can close the browser and launch it again
   * on the same profile (as a user restarts it). By default a fresh folder, removed on close.
   */
  readonly profileDir?: string;
}

export interface ExtensionHarness {
  readonly context: BrowserContext;
  readonly extensionId: string;
  /** chrome-extension://<id> */
  readonly origin: string;
  /** The extension's service worker, started afresh if it was stopped. */
  worker(): Promise<Worker>;
  /** Opens an extension page (e.g. `popup.html`) in a new tab, as the extension would, at the context's size and colour scheme. */
  openPage(path: string): Promise<Page>;
  /**
   * The next tab or window opened (by anyone) whose document comes to be at a URL that `matches` (extension windows
   * open blank first). `exclusive`: one no other exclusive wait took, which it then takes.
   */
  nextPage(matches: RegExp | ((url: string) => boolean), opts?: { timeoutMs?: number; exclusive?: boolean }): Promise<Page>;
  /** Stops every service worker through CDP, as Chrome does to an idle one. */
  stopWorker(): Promise<void>;
  /** Runs `fn` in an extension document that runs none of Vantage's scripts (one kept open), where `chrome.*` is. */
  inExtension<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>;
  /** Sets extension storage directly (test set-up only; UI tests use the UI). */
  setStorage(area: 'local' | 'session', items: Record<string, unknown>): Promise<void>;
  getStorage(area: 'local' | 'session'): Promise<Record<string, unknown>>;
  /**
   * Reloads the extension as Chromium does to apply an update (`chrome.runtime.reload()`, which needs
   * `developerMode`; the old pages go, Chromium leaving their tabs and windows on an empty page). Resolves once the new worker runs, with the time
   * (ms) the reload was asked for.
   */
  reload(): Promise<number>;
  /**
   * Updates the extension to the build in `buildDir` as Chromium applies an update: the loaded
   * folder's files replaced (so `extensionDir` must be a copy), then `reload()`; the folder, hence
   * the id, stays the same. Resolves like `reload()`.
   */
  updateFrom(buildDir: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Resolves once `page`'s document has loaded. Playwright can miss the load event of a tab it attached to while the tab
 * was loading (one the extension opened, on a loaded machine: it heard "networkidle" and never "load", and the wait ran
 * out after 60 s), so the document's own readyState, asked every 100 ms, answers as well as the event.
 */
async function loaded(page: Page): Promise<void> {
  let heard = false;
  // Whichever loses the race is left to end alone (the event after the ceiling, a closed page): no failure of this wait.
  const event = handledLater(page.waitForLoadState('load').finally(() => (heard = true)));
  const asked = handledLater((async () => {
    for (const until = Date.now() + STEP_CEILING_MS; !heard && Date.now() < until;) {
      // A document being replaced has no context to ask: ask the next one.
      if (await page.evaluate(() => document.readyState === 'complete').catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!heard) throw new Error(`${page.url()} did not finish loading within ${STEP_CEILING_MS} ms`);
  })());
  await Promise.race([event, asked]);
}

export async function launchExtension(opts: LaunchOptions = {}): Promise<ExtensionHarness> {
  const dir = opts.extensionDir ?? EXTENSION_DIR;
  const profile = opts.profileDir ?? (await mkdtemp(join(tmpdir(), 'vantage-e2e-')));
  // Before the profile's first launch only: a profile launched before keeps its preferences (the extension's among them).
  const preferences = join(profile, 'Default', 'Preferences');
  if (opts.developerMode && !(await access(preferences).then(() => true, () => false))) {
    await mkdir(join(profile, 'Default'), { recursive: true });
    await writeFile(preferences, JSON.stringify({ extensions: { ui: { developer_mode: true } } }));
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Shared memory in /dev/shm, as Chromium has it outside Playwright: Playwright's default moves it to files in /tmp
    // (for containers with a small /dev/shm), a disk here, which cost ~4 % more CPU (accessibility.e2e, paired runs).
    // Debian's launcher adds the flag again itself where /dev/shm is small.
    ignoreDefaultArgs: ['--disable-dev-shm-usage'],
    colorScheme: opts.colorScheme ?? 'light',
    viewport: { width: 1100, height: 800 },
    ignoreHTTPSErrors: Boolean(opts.hosts?.length),
    ...(opts.language ? { locale: opts.language } : {}),
    args: [
      ...(opts.language ? [`--lang=${opts.language}`] : []),
      ...(opts.hosts?.length
        ? [`--host-resolver-rules=${opts.hosts.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`, '--ignore-certificate-errors']
        : []),
      // Both flags: Playwright disables extensions by default, and --load-extension alone loads nothing.
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(STEP_CEILING_MS);
  const first = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(first.url()).host;
  const origin = `chrome-extension://${extensionId}`;

  /** The newest listed worker of the extension that answers; a stopped one may still be listed. */
  const answeringWorker = async (): Promise<Worker | undefined> => {
    const listed = context.serviceWorkers().filter((w) => w.url().startsWith(origin));
    for (const w of listed.reverse()) {
      const alive = await Promise.race([
        w.evaluate(() => true).catch(() => false),
        new Promise<false>((r) => setTimeout(() => r(false), 1000)),
      ]);
      if (alive) return w;
    }
    return undefined;
  };
  const liveWorker = async (): Promise<Worker> => {
    const running = await answeringWorker();
    if (running) return running;
    // Wake it with an event: a message from an extension page starts a fresh worker, and is answered once it
    // runs. Playwright may announce it as a new worker or attach it to the one it still lists.
    await inExtension(() => chrome.runtime.sendMessage({ wake: true }).catch(() => undefined), undefined);
    for (const until = Date.now() + STEP_CEILING_MS; Date.now() < until;) {
      const woken = await answeringWorker();
      if (woken) return woken;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`The extension's worker did not start on a message from its own page within ${STEP_CEILING_MS} ms`);
  };

  // One extension document kept open for storage and for running code in the extension, in the tab the
  // browser opened with (so it never takes the front from a test's tab). A tab a call cost the browser a tab,
  // a navigation and a document each time, and its close was an event (tabs.onRemoved) that woke the worker
  // behind a test's back. A restart of the extension (a reload, an update, a build mix) orphans it: its chrome.*
  // goes, then its tab is left on an empty page; the next call opens another.
  const quietUrl = `${origin}/${QUIET_PAGE}`;
  let quiet: Promise<Page> | undefined;
  const quietPage = async (): Promise<Page> => {
    const open = await quiet?.catch(() => undefined);
    if (open && !open.isClosed() && open.url() === quietUrl) return open;
    quiet = (async () => {
      const blank = context.pages().find((p) => p.url() === 'about:blank');
      const page = blank ?? (await context.newPage());
      await page.goto(quietUrl);
      return page;
    })();
    return quiet;
  };
  /** Whether the kept document is still one of the running extension's (a restart orphans it). */
  const live = async (page: Page) =>
    !page.isClosed() && page.url() === quietUrl
    && page.evaluate(() => Boolean(globalThis.chrome?.runtime?.id && chrome.storage)).catch(() => false);
  const inExtension = async <T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T> => {
    const page = await quietPage();
    try {
      return await page.evaluate(fn as (arg: unknown) => T | Promise<T>, arg as unknown);
    } catch (e) {
      // Asked of an orphaned document, nothing ran in the extension: ask a new one. Otherwise the failure is the call's.
      if (await live(page)) throw e;
      if (quiet && (await quiet.catch(() => undefined)) === page) quiet = undefined;
      return (await quietPage()).evaluate(fn as (arg: unknown) => T | Promise<T>, arg as unknown);
    }
  };
  const storageEval = <T>(fn: (arg: { area: 'local' | 'session'; items?: Record<string, unknown> }) => Promise<T>, arg: { area: 'local' | 'session'; items?: Record<string, unknown> }) =>
    inExtension(fn, arg);

  const claimed = new WeakSet<Page>();
  const nextPage: ExtensionHarness['nextPage'] = (matches, { timeoutMs = STEP_CEILING_MS, exclusive = false } = {}) =>
    new Promise<Page>((resolve, reject) => {
      const test = typeof matches === 'function' ? matches : (url: string) => matches.test(url);
      // What opened meanwhile, for the error: a miss names what did open.
      const watched: Array<[Page, () => void]> = [];
      const stop = () => {
        clearTimeout(timer);
        context.off('page', onPage);
        for (const [p, check] of watched) p.off('framenavigated', check);
      };
      const timer = setTimeout(() => {
        stop();
        const opened = watched.map(([p]) => (p.isClosed() ? `${p.url()} (closed)` : p.url())).join(', ') || 'none';
        const open = context.pages().map((p) => p.url()).join(', ');
        reject(new Error(`No page matching ${String(matches)} within ${timeoutMs} ms (opened meanwhile: ${opened}; open now: ${open})`));
      }, timeoutMs);
      const onPage = (p: Page) => {
        const check = () => {
          if (!test(p.url()) || (exclusive && claimed.has(p))) return;
          if (exclusive) claimed.add(p);
          stop();
          resolve(p);
        };
        watched.push([p, check]);
        p.on('framenavigated', check);
        check();
      };
      context.on('page', onPage);
    });

  /**
   * Opens an extension page as the extension itself does (`tabs.create` from its kept document): the tab starts
   * in the extension's process. A tab from Playwright (`newPage`) starts a renderer for about:blank first and then
   * leaves it for the extension's, twice the CPU a page (docs/benchmarks.md, ninth sitting). The page has the
   * context's size and colour scheme from its first frame; resolves once it has loaded.
   */
  const openPage = async (path: string): Promise<Page> => {
    const url = new URL(`${origin}/${path.replace(/^\//, '')}`).href;
    // Matched without its query and fragment, which the browser may write otherwise (encoded) than asked.
    const withoutQuery = (href: string) => href.split(/[?#]/)[0];
    const opened = handledLater(nextPage((href) => withoutQuery(href) === withoutQuery(url), { exclusive: true }));
    await inExtension((u) => chrome.tabs.create({ url: u }).then(() => undefined), url);
    const page = await opened;
    await loaded(page);
    return page;
  };

  const reload = async (): Promise<number> => {
    if (!opts.developerMode) throw new Error('Reloading the extension needs a harness launched with developerMode: true');
    const page = await context.newPage();
    await page.goto(`${origin}/${QUIET_PAGE}`);
    const started = context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(origin) });
    const at = Date.now();
    // Asked after the evaluation returns: the reload closes this page with every other extension page.
    await page.evaluate(() => void setTimeout(() => chrome.runtime.reload(), 0));
    await started;
    // The kept document belonged to the old instance: it stays on its URL a moment, then its tab is left on an
    // empty page. The next call opens another.
    quiet = undefined;
    return at;
  };

  return {
    context,
    extensionId,
    origin,
    worker: liveWorker,
    openPage,
    nextPage,
    async stopWorker() {
      // From the kept tab: closing one would be an event that wakes the worker again.
      const cdp = await context.newCDPSession(await quietPage());
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    },
    inExtension,
    setStorage: (area, items) => storageEval(({ area: a, items: i }) => chrome.storage[a].set(i!), { area, items }),
    getStorage: (area) => storageEval(({ area: a }) => chrome.storage[a].get(null), { area }),
    reload,
    async updateFrom(buildDir) {
      if (resolve(buildDir) === resolve(dir)) throw new Error(`${buildDir} is the loaded folder itself`);
      for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true, force: true });
      await cp(buildDir, dir, { recursive: true });
      return reload();
    },
    async close() {
      await context.close();
      if (!opts.profileDir) await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Opens one of the extension's pages (`/popup.html`) at a size, in a colour scheme. */
export async function openExtensionPage(h: ExtensionHarness, path: string, size: { width: number; height: number }, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await h.context.newPage();
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${h.origin}${path}`);
  return page;
}

/** The file for a screenshot named `name`, under test-results/screenshots (the folder made). */
export async function screenshotPath(name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, `${name}.png`);
}

/** Saves a full-page screenshot under test-results/screenshots and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = await screenshotPath(name);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Asks the worker through the extension's own message protocol from an extension page. */
export async function askWorkerFrom(page: Page, type: string, payload: unknown = {}): Promise<unknown> {
  return page.evaluate(
    ([t, p]) => chrome.runtime.sendMessage({ channel: 'vantage/v1', type: t, payload: p }),
    [type, payload] as const,
  );
}
