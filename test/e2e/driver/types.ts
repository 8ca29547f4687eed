import { STEP_CEILING_MS } from '../ceilings.ts';
/**
 * What a real-browser scenario needs from a browser, whichever drives it:
 * Chromium through playwright-core (chromium.ts), Firefox ESR through
 * puppeteer-core over WebDriver BiDi (firefox.ts). Scenarios written against
 * these types run unchanged in both (one scenario list, two drivers).
 */

export type BrowserName = 'chromium' | 'firefox';

/** A tab or window, web page or extension page. */
export interface TestPage {
  /** `location.href` as the page itself sees it. */
  url(): Promise<string>;
  goto(url: string): Promise<void>;
  /** Runs in the page's main world. */
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Waits until the first match of a CSS selector is visible. */
  waitFor(selector: string, timeoutMs?: number): Promise<void>;
  /**
   * Waits for the selector to take clicks (at most `takesClicksWithinMs`, else the step ceiling), then clicks it
   * as a user would (a trusted click).
   */
  click(selector: string, takesClicksWithinMs?: number): Promise<void>;
  /** Waits for a text field, then replaces its value by typing, as a user would (trusted key events). */
  fill(selector: string, value: string): Promise<void>;
  /**
   * Waits for the selector, focuses it, then presses a key as a user would (trusted key events):
   * `Enter`, or a combination such as `Alt+ArrowDown` (Playwright's key names).
   */
  press(selector: string, key: string): Promise<void>;
  /** `innerText` of the first match (waits for it). */
  text(selector: string): Promise<string>;
  /** An attribute of the first match, or null (does not wait). */
  attr(selector: string, name: string): Promise<string | null>;
  /** Resolves once the tab or window is closed, by itself, the extension or the test. */
  waitForClose(timeoutMs?: number): Promise<void>;
  isClosed(): boolean;
  close(): Promise<void>;
  bringToFront(): Promise<void>;
  /** Saves a PNG under test-results/screenshots/<browser>-<name>.png. */
  screenshot(name: string): Promise<void>;
}

export interface LaunchSpec {
  /** The built extension folder (.output/chrome-mv3, .output/firefox-mv2 …). */
  readonly extensionDir: string;
  /**
   * Made-up hostnames that resolve to 127.0.0.1 in this browser only; https to
   * them accepts the test's self-signed certificate. The extension holds no
   * permission for them: this is what a real dApp looks like.
   */
  readonly hosts?: readonly string[];
  readonly colorScheme?: 'light' | 'dark';
  /**
   * Chromium: developer mode on, which `reloadExtension` and `update` need (and `extensionDir` is then
   * rewritten by an update: pass a copy). Firefox needs nothing.
   */
  readonly developerMode?: boolean;
  /** The browser's UI language (Chromium's `--lang`), which picks the extension's messages: English by default. */
  readonly language?: string;
}

export interface BrowserDriver {
  readonly name: BrowserName;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`. */
  readonly extensionOrigin: string;
  /** Opens a new tab on a web URL. */
  open(url: string): Promise<TestPage>;
  /** Opens an extension page (`popup.html`, `options.html` …) in a new tab. */
  openExtensionPage(path: string): Promise<TestPage>;
  /** The next tab or window opened (by anyone) whose URL comes to match. */
  nextPage(url: RegExp, timeoutMs?: number): Promise<TestPage>;
  /**
   * Runs `fn` in an extension page, where the WebExtension API is `browser`
   * (Firefox) or `chrome` (Chromium); use `globalThis.browser ?? globalThis.chrome`.
   */
  inExtension<R>(fn: () => R | Promise<R>): Promise<R>;
  inExtension<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Sends a Vantage worker message as an extension page does; resolves the raw Reply. */
  askWorker(type: string, payload?: unknown): Promise<unknown>;
  setStorage(area: 'local' | 'session', items: Record<string, unknown>): Promise<void>;
  getStorage(area: 'local' | 'session'): Promise<Record<string, unknown>>;
  /**
   * Stops the extension's background (service worker or event page) the way the
   * browser does to an idle one, so that only the extension's own wake-ups (an
   * alarm) start it again. Resolves a function that closes any helper tab it
   * left open. Rejects if this browser cannot do it.
   */
  stopBackground(): Promise<() => Promise<void>>;
  /**
   * Reloads the extension as an update does (Chromium: `chrome.runtime.reload()`, which needs
   * LaunchSpec.developerMode; Firefox: the temporary add-on installed again). Resolves once the new
   * version's background runs. storage.session is empty afterwards.
   */
  reloadExtension(): Promise<void>;
  /**
   * Updates the installed extension to the build in `buildDir` the way this browser applies a
   * store update (same extension id and origin; a higher version is the caller's business).
   * Chromium: the loaded folder's files replaced, then `runtime.reload()` (needs `developerMode`);
   * Firefox: the same add-on id installed again. Resolves once the new background runs, with the
   * time (ms since the epoch) the browser was told to apply it: what "within N s of the update" counts from.
   */
  update(buildDir: string): Promise<number>;
  /** Error and warning lines the extension logged (worker, pages), for failure reports. */
  extensionErrors(): readonly string[];
  close(): Promise<void>;
}

export type LaunchBrowser = (spec: LaunchSpec) => Promise<BrowserDriver>;

/** How long a driver waits for a page the extension opens (a consent window, a proof page): a step's ceiling. */
export const NEXT_PAGE_TIMEOUT_MS = STEP_CEILING_MS;

/**
 * The promise, its rejection marked as handled: a test sets up a wait for a page before the step that opens it, and
 * when that step fails first, the abandoned wait's later time-out must not fail the run as an unhandled rejection.
 * Whoever awaits the promise still gets the rejection.
 */
export function handledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
