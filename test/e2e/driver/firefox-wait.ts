import type { Page } from 'puppeteer-core';

/**
 * Waits in a Firefox page until an element matching `selector` is shown: it exists, takes up room (a box of some
 * width and height) and is not `visibility: hidden`, as puppeteer's `waitForSelector({ visible: true })` means it.
 *
 * Why not that call: over WebDriver BiDi each one costs ~8 protocol round trips (a preload script, bindings, a
 * poller started, read and stopped: ~50 ms and ~10 ms of Firefox's CPU even when the element is already there),
 * and then checks on every animation frame while it waits (~4.5 % of a core). This asks the page once, and the
 * page looks again only when its DOM changes (a MutationObserver), or every `LOOK_MS` for what changes no node
 * (a stylesheet, a media query).
 *
 * A script call pending in a document that navigates is never answered in Firefox, so the page is asked for at
 * most `SLICE_MS` at a time: a wait that outlives its document goes on in the next one.
 */

const SLICE_MS = 1_000;
const LOOK_MS = 100;
/** Beyond a slice: how long its answer may take before the document is taken to have been replaced. */
const ANSWER_MS = 2_000;

/**
 * Runs in the page: true once the selector is shown, false after `ms`. Kept as source text: a function here would
 * be compiled first, and a compiler's helpers (esbuild's `__name` under tsx) do not exist in the page.
 */
const SHOWN_WITHIN = `(selector, ms, lookMs) => new Promise((done) => {
  const shown = () => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    const visibility = getComputedStyle(el).visibility;
    return box.width > 0 && box.height > 0 && visibility !== 'hidden' && visibility !== 'collapse';
  };
  if (shown()) return done(true);
  const end = (result) => {
    observer.disconnect();
    clearInterval(look);
    clearTimeout(limit);
    done(result);
  };
  const check = () => {
    if (shown()) end(true);
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const look = setInterval(check, lookMs);
  const limit = setTimeout(() => end(false), ms);
})`;

/** Gone for good: the page (its browsing context) no longer exists. */
const isGone = (page: Page, e: unknown) => page.isClosed() || /no such frame|detached|DiscardedBrowsingContext/i.test(String(e));

export async function waitUntilShown(page: Page, selector: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`Waiting for ${selector} to be shown failed: ${timeoutMs} ms exceeded`);
    const slice = Math.min(SLICE_MS, left);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onNavigated: (() => void) | undefined;
    // The document replaced (BiDi tells of web pages' navigations, not of extension documents'), or no answer in
    // time: either way, ask the document there now.
    const elsewhere = new Promise<'elsewhere'>((r) => {
      timer = setTimeout(() => r('elsewhere'), slice + ANSWER_MS);
      onNavigated = () => r('elsewhere');
      page.once('framenavigated', onNavigated);
    });
    try {
      const result = await Promise.race([page.evaluate(`(${SHOWN_WITHIN})(${JSON.stringify(selector)}, ${slice}, ${LOOK_MS})`) as Promise<boolean>, elsewhere]);
      if (result === true) return;
    } catch (e) {
      // A selector the page cannot parse, or a page that is gone, will not get better: say so now.
      if (isGone(page, e) || /not a valid selector|SyntaxError/i.test(String(e))) throw e;
      // Otherwise the document was being replaced: ask the next one, without spinning.
      await new Promise((r) => setTimeout(r, LOOK_MS));
    } finally {
      clearTimeout(timer);
      page.off('framenavigated', onNavigated!);
    }
  }
}
