/**
 * A trusted click in Firefox that lands on its element or on nothing at all.
 *
 * puppeteer clicks coordinates it measured a moment earlier. A render between the measure and the click
 * (a status line that changes its length and so the page's scroll, a list that reloads) moves the element,
 * and the click hits whatever is there now: a different entry's button, or empty space. As Playwright does,
 * the page is guarded for that click: pointer and mouse events whose target is not the element are
 * stopped before any handler of the page sees them, and the driver measures and clicks again.
 *
 * Both scripts are source text: a function would be compiled first, and a compiler's helpers (esbuild's
 * `__name` under tsx) do not exist in the page.
 */

/** What the page answers to AIM: where to click, or null while the element is missing or moving. */
export type Aim = { readonly x: number; readonly y: number } | null;

/** How long an armed guard waits for its click before it stands down (the click never came). */
const GUARD_MS = 5_000;
const GUARDED = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick'];

/**
 * `(selector, stableMs)`: scrolls the element into view; if it keeps its box for `stableMs` and is what the
 * pointer would hit at its centre, arms the guard and answers that point.
 */
export const AIM = `(selector, stableMs) => new Promise((done) => {
  const el = document.querySelector(selector);
  if (!el) return done(null);
  el.scrollIntoView({ block: 'center', inline: 'center' });
  const before = JSON.stringify(el.getBoundingClientRect());
  setTimeout(() => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (JSON.stringify(r) !== before || !hit || !el.contains(hit)) return done(null);
    const previous = window.__vantageClickGuard;
    if (previous) previous.stand();
    const guard = { result: 'armed', stand: () => {} };
    const types = ${JSON.stringify(GUARDED)};
    const check = (e) => {
      if (!e.isTrusted) return;
      if (!el.contains(e.target)) {
        e.stopImmediatePropagation();
        e.preventDefault();
        guard.result = 'missed';
      }
      if (e.type === 'click') {
        if (guard.result === 'armed') guard.result = 'hit';
        guard.stand();
      }
    };
    const timer = setTimeout(() => guard.stand(), ${GUARD_MS});
    guard.stand = () => {
      clearTimeout(timer);
      for (const t of types) window.removeEventListener(t, check, true);
    };
    for (const t of types) window.addEventListener(t, check, true);
    window.__vantageClickGuard = guard;
    done({ x, y });
  }, stableMs);
})`;

/** After the click: 'missed' when the guard stopped it (measure and click again); anything else is done. */
export const CLICK_RESULT = `(() => {
  const guard = window.__vantageClickGuard;
  if (!guard) return 'gone';
  guard.stand();
  delete window.__vantageClickGuard;
  return guard.result;
})()`;
