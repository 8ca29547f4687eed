import type { BrowserDriver, TestPage } from './driver/types.ts';
import { STEP_CEILING_MS } from './ceilings.ts';

/**
 * The consent window as a user meets it, for every scenario that asks for a proof:
 * it opens, the user looks at it, and its buttons take clicks once it has had the
 * focus a moment (lib/proof/click-guard.ts).
 */

export const CONSENT = /\/consent\.html\?flow=/;

/** How long a look lasts before the user brings the window to the front again. */
const LOOK_MS = 2_000;

/** `ask()` makes the site ask; resolves the consent window that opens, shown and brought to the front. */
export async function consentOpened(driver: BrowserDriver, ask: () => Promise<unknown>): Promise<TestPage> {
  const opened = driver.nextPage(CONSENT);
  await ask();
  const consent = await opened;
  await consent.waitFor('[data-testid="consent-origin"]');
  // Headless Firefox does not focus a new window by itself.
  await consent.bringToFront();
  return consent;
}

/**
 * Waits until `selector` takes clicks. A tab another case opens or closes meanwhile takes the focus away,
 * and the window then (rightly) stays unarmed until it has the focus back: like a user who clicks on it,
 * the wait brings it to the front again after each look that did not see it armed.
 */
export async function whenArmed(page: TestPage, selector: string, timeoutMs = STEP_CEILING_MS): Promise<void> {
  const armed = `${selector}:not([disabled])`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    try {
      await page.waitFor(armed, Math.min(LOOK_MS, Math.max(left, 1)));
      return;
    } catch (e) {
      if (left <= LOOK_MS || page.isClosed()) throw e;
      await page.bringToFront();
    }
  }
}

/**
 * Clicks a consent button once it takes clicks; the window closes itself, so a click racing the close is fine.
 * The focus can leave between the look that saw the button armed and the click (another case's tab), and the
 * button then disarms until the window has it back: the click waits one look, then the window is brought back.
 */
export async function clickWhenArmed(page: TestPage, selector: string): Promise<void> {
  const deadline = Date.now() + STEP_CEILING_MS;
  for (;;) {
    await whenArmed(page, selector, Math.max(deadline - Date.now(), 1));
    try {
      await page.click(selector, LOOK_MS);
      return;
    } catch (e) {
      if (page.isClosed()) return;
      if (Date.now() >= deadline) throw e;
    }
  }
}

/** How long a clicked window is watched for closing before the user, seeing it still there, clicks again. */
const CLOSE_LOOK_MS = 5_000;

/**
 * clickWhenArmed, then waits for the window to be gone. A click that lands just as the focus leaves finds the
 * button disarmed and is ignored, as it must be (lib/proof/click-guard.ts; firefox-proof's fourth lane once, in ten
 * runs): the window stays, and like a user the wait clicks again once the button takes clicks. A click that was taken
 * leaves the buttons busy until the window closes, so it is never answered twice.
 */
export async function clickAndClose(page: TestPage, selector: string): Promise<void> {
  const deadline = Date.now() + STEP_CEILING_MS;
  for (;;) {
    const clicked = await clickWhenArmed(page, selector).then(() => null, (e: unknown) => e);
    const left = deadline - Date.now();
    const closed = await page.waitForClose(Math.max(Math.min(CLOSE_LOOK_MS, left), 1)).then(() => true, () => false);
    if (closed) return;
    if (clicked !== null) throw clicked;
    if (left <= CLOSE_LOOK_MS) throw new Error(`The window was still open ${STEP_CEILING_MS} ms after the first click on ${selector}`);
  }
}
