import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { KeyInput, Page } from 'puppeteer-core';
import type { Bidi } from './firefox-bidi.ts';
import { AIM, CLICK_RESULT, type Aim } from './firefox-click-target.ts';
import type { TestPage } from './types.ts';
import { waitUntilShown } from './firefox-wait.ts';
import { STEP_CEILING_MS } from '../ceilings.ts';

/**
 * TestPage over a puppeteer-core page in Firefox. Firefox's BiDi reports no
 * events for extension documents (no URL, no load, no close), so this asks
 * the document itself where it is, and treats "no such frame" as closed.
 */

export const SCREENSHOT_DIR = resolve('test-results/screenshots');
/** How often a condition that has no event is looked at again. */
const POLL_MS = 100;
/** How long a control must keep its place before it is clicked. */
const STABLE_MS = 60;
/** The longest a BiDi call that Firefox may leave unanswered is waited for. */
const BIDI_CALL_MS = 5_000;
/** The longest the driver's own look at a page (not a test's evaluate) is waited for: a step's ceiling. */
const LOOK_MS = STEP_CEILING_MS;

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `call`, or an error naming `what` once `ms` pass unanswered. A BiDi call into a document that is
 * going away can stay unanswered for good; bounded, the test fails on the step instead of its timeout.
 */
export async function answered<T>(call: Promise<T>, what: string, ms = LOOK_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Firefox left ${what} unanswered for ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** page.evaluate with TestPage's signature (puppeteer types the argument as a serialisable handle). */
export function evaluateIn<R, A>(page: Page, fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
  return page.evaluate(fn as unknown as (a: unknown) => unknown, arg) as Promise<R>;
}

export function firefoxPage(page: Page, bidi: Bidi): TestPage {
  let closed = false;
  page.once('close', () => {
    closed = true;
  });

  /** Whether the document is gone (its browsing context no longer exists). */
  const gone = async () =>
    closed ||
    (await answered(page.evaluate(() => true), 'a look at a closing page', BIDI_CALL_MS).then(
      () => false,
      (e: unknown) => /no such frame|not found|closed/i.test(String(e)),
    ));

  const waitFor = (selector: string, timeoutMs = STEP_CEILING_MS) => waitUntilShown(page, selector, timeoutMs);

  const self: TestPage = {
    url: () => answered(page.evaluate(() => location.href), 'the page\'s address'),
    async goto(url) {
      // page.goto never resolves for moz-extension:// documents; navigating the context does.
      if (url.startsWith('moz-extension:')) await bidi.navigate(page, url);
      else await page.goto(url, { waitUntil: 'load' });
    },
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) => evaluateIn(page, fn, arg),
    waitFor,
    async click(selector, takesClicksWithinMs) {
      // As Playwright does (and a person must): wait until the control takes clicks...
      await waitFor(`${selector}:not([disabled])`, takesClicksWithinMs);
      // ...keeps its place, and is what the pointer would hit at its centre; and the click reaches it or nothing
      // (firefox-click-target.ts): a render between the measure and the click would send it elsewhere.
      const deadline = Date.now() + STEP_CEILING_MS;
      for (;;) {
        const point = await answered(page.evaluate(`(${AIM})(${JSON.stringify(selector)}, ${STABLE_MS})`) as Promise<Aim>, `where ${selector} is`);
        if (point) {
          // A click that closes its page (Approve, a proof page's wallet) may never be answered: its page going away ends it too.
          let settled = false;
          const pageGone = (async () => {
            while (!settled && !(await gone())) await delay(POLL_MS);
            return 'gone' as const;
          })();
          let result: string;
          try {
            const clicked = await answered(Promise.race([page.mouse.click(point.x, point.y).then(() => 'clicked' as const), pageGone]), `a click on ${selector}`);
            result = clicked === 'gone' ? clicked : await answered(
              Promise.race([page.evaluate(CLICK_RESULT) as Promise<string>, pageGone]), `what a click on ${selector} hit`, BIDI_CALL_MS,
            ).catch(() => 'gone');
          } finally {
            settled = true;
          }
          if (result !== 'missed') return;
        } else if (Date.now() > deadline) {
          throw new Error(`${selector} never held still under the pointer`);
        } else {
          await delay(POLL_MS);
        }
        if (Date.now() > deadline) throw new Error(`a click on ${selector} never reached it: something else kept moving under the pointer`);
      }
    },
    async fill(selector, value) {
      await waitFor(selector);
      await page.evaluate((s) => {
        const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(s)!;
        field.focus();
        field.select();
      }, selector);
      // Typed over the selection, key by key, as a person would (trusted input events).
      if (value) await page.keyboard.type(value);
      else await page.keyboard.press('Backspace');
    },
    async press(selector, key) {
      await waitFor(selector);
      await page.evaluate((s) => document.querySelector<HTMLElement>(s)!.focus(), selector);
      // Modifiers held down around the key, as a person presses a combination.
      const keys = key.split('+') as KeyInput[];
      const main = keys.pop()!;
      for (const m of keys) await page.keyboard.down(m);
      await page.keyboard.press(main);
      for (const m of keys.reverse()) await page.keyboard.up(m);
    },
    async text(selector) {
      await waitFor(selector);
      return answered(page.$eval(selector, (el) => (el as HTMLElement).innerText), `the text of ${selector}`);
    },
    attr: (selector, name) =>
      answered(page.evaluate((s, n) => document.querySelector(s)?.getAttribute(n) ?? null, selector, name), `${selector}'s ${name}`),
    async waitForClose(timeoutMs = STEP_CEILING_MS) {
      const deadline = Date.now() + timeoutMs;
      while (!(await gone())) {
        if (Date.now() > deadline) throw new Error(`Page still open after ${timeoutMs} ms`);
        await delay(POLL_MS);
      }
      closed = true;
    },
    isClosed: () => closed,
    async close() {
      if (closed) return;
      // BiDi's close of a window the extension opened can go unanswered: bounded, then the fallbacks below.
      await Promise.race([page.close().catch(() => undefined), delay(BIDI_CALL_MS)]);
      // A window the extension opened may ignore the BiDi close: it may always close itself.
      if (!(await gone())) await page.evaluate(() => window.close()).catch(() => undefined);
      await self.waitForClose();
    },
    // Bounded like close(): a focus request for an extension window can go unanswered.
    bringToFront: async () => {
      await Promise.race([page.bringToFront(), delay(BIDI_CALL_MS)]);
    },
    async screenshot(name) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `firefox-${name}.png`) as `${string}.png`, fullPage: true });
    },
  };
  return self;
}
