import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAM_LIMITS } from '@/lib/proof/params.ts';
import { axeViolations } from './axe.ts';
import { startChromiumProofWorld } from './driver/chromium.ts';
import { printExtensionErrorsOnFailure } from './driver/report.ts';
import type { TestPage } from './driver/types.ts';
import { SCREENSHOT_DIR, type ExtensionHarness } from './harness.ts';
import type { ProofWorld, SiteHost } from './proof-world.ts';
import { CONSENT } from './consent-window.ts';

/**
 * The consent window at the size the extension opens it (lib/proof/browser-ports.ts: a 380 px wide
 * window; its page is 380 × 580 once the window's frame is taken off), with the longest values a page
 * may send, in light and dark, in English and Vietnamese: every field, Approve and Reject on screen,
 * nothing wider than the window, axe clean. (Hostile arguments in a real page, both browsers:
 * proof-scenarios.ts.)
 */

/** Playwright gives every page its default viewport, windows.create popups too (toolchain.md, "Test-driver pitfalls"). */
const REAL_SIZE = { width: 380, height: 580 };

interface Params {
  readonly scoreId: string;
  readonly condition: number;
  readonly web2Id: string;
  readonly bindOrigin?: boolean;
}

interface Box {
  readonly what: string;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** Content wider than the element's own box (text running out of it). */
  readonly overflows: boolean;
}

function consentWorld(language: 'en' | 'vi') {
  let w: ProofWorld;
  let h: ExtensionHarness;
  beforeAll(async () => {
    ({ world: w, harness: h } = await startChromiumProofWorld({ language }));
  });
  afterAll(async () => {
    await w?.close();
  });
  printExtensionErrorsOnFailure(() => w?.driver);

  /** A site asks with `params`; resolves its consent window, sized as the extension opens it. */
  async function askFrom(host: SiteHost, params: Params): Promise<{ dapp: TestPage; consent: Page }> {
    const dapp = await w.openDapp(`consent-${language}`, w.origin(host));
    const opened = w.driver.nextPage(CONSENT);
    await dapp.evaluate((p) => {
      void window.vantage!.requestScoreProof(p).catch(() => undefined);
    }, params);
    const url = await (await opened).url();
    const consent = h.context.pages().find((p) => p.url() === url)!;
    await consent.setViewportSize(REAL_SIZE);
    await consent.getByTestId('consent-approve').waitFor();
    return { dapp, consent };
  }

  /** Where every fact, the origin and both buttons are, against the viewport. */
  const layout = (page: Page) => page.evaluate(() => {
    const boxes = (selector: string): Box[] => [...document.querySelectorAll<HTMLElement>(selector)].map((el) => {
      const r = el.getBoundingClientRect();
      return { what: `${el.tagName} ${el.dataset.testid ?? el.innerText.slice(0, 30)}`, left: r.left, right: r.right, top: r.top, bottom: r.bottom, overflows: el.scrollWidth > el.clientWidth + 1 };
    });
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      innerHeight,
      actionsTop: document.querySelector('.consent-actions')!.getBoundingClientRect().top,
      facts: boxes('.consent-facts > dt, .consent-facts > dd, [data-testid="consent-origin"] > *'),
      buttons: boxes('[data-testid="consent-approve"], [data-testid="consent-reject"]'),
    };
  });

  async function expectFits(consent: Page, state: string): Promise<void> {
    const findings: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await consent.emulateMedia({ colorScheme: scheme });
      await consent.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const l = await layout(consent);
      expect(l.scrollWidth, `${state} ${scheme}: no sideways scrolling`).toBeLessThanOrEqual(l.clientWidth);
      expect(l.facts.length).toBeGreaterThanOrEqual(8);
      for (const [b, bottom] of [...l.facts.map((f) => [f, l.actionsTop] as const), ...l.buttons.map((f) => [f, l.innerHeight] as const)]) {
        const where = `${state} ${scheme}: ${b.what} at ${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}`;
        expect(b.left >= 0 && b.right <= l.clientWidth, `${where}: inside the window's width`).toBe(true);
        // The facts above the buttons (not hidden under them), the buttons on screen.
        expect(b.top >= 0 && b.bottom <= bottom, `${where}: on screen, above ${Math.round(bottom)}`).toBe(true);
        expect(b.overflows, `${where}: its text runs out of it`).toBe(false);
      }
      expect(l.buttons).toHaveLength(2);
      await expect.poll(() => consent.getByTestId('consent-approve').isVisible()).toBe(true);
      await expect.poll(() => consent.getByTestId('consent-reject').isVisible()).toBe(true);
      findings.push(...(await axeViolations(consent, `${state} [${scheme}]`)));
      // What the user sees: the window as it is, not the whole page (under the sticky buttons, the rest scrolls).
      await consent.screenshot({ path: join(SCREENSHOT_DIR, `consent-${state}-${language}-${scheme}.png`) });
    }
    expect(findings.join('\n')).toBe('');
  }

  const shown = async (consent: Page, id: string) => ({
    text: await consent.getByTestId(id).innerText(),
    translate: await consent.getByTestId(id).getAttribute('translate'),
  });

  it('the longest model id and web2Id wrap: every field, Approve and Reject at 380 × 580, light and dark, axe clean', async () => {
    const params = { scoreId: 'W'.repeat(PARAM_LIMITS.scoreId), condition: 600, web2Id: `${'W'.repeat(120)}@${'m'.repeat(PARAM_LIMITS.web2Id - 121)}` };
    const { dapp, consent } = await askFrom('allow.example', params);
    try {
      expect(await shown(consent, 'consent-score-id')).toEqual({ text: params.scoreId, translate: 'no' });
      expect(await shown(consent, 'consent-web2id')).toEqual({ text: params.web2Id, translate: 'no' });
      await expectFits(consent, 'longest');
      // The popup's Proofs tab lists the pending flow with the page's model id: it wraps in the 420 px popup too.
      const popup = await h.openPage('popup.html');
      await popup.setViewportSize({ width: 420, height: 600 });
      await popup.getByRole('tab', { name: language === 'vi' ? 'Bằng chứng' : 'Proofs' }).click();
      await popup.getByTestId('proof-flow').waitFor();
      expect(await popup.getByTestId('proof-flow').innerText()).toContain(params.scoreId);
      const widths = await popup.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await popup.screenshot({ path: join(SCREENSHOT_DIR, `consent-longest-${language}-popup-proofs.png`) });
      await popup.close();
    } finally {
      // Closing is a rejection: the flow ends and the next site's window may open.
      await consent.close();
      await dapp.close();
    }
  });

  it('a bound web2Id of the longest, spaces kept as sent', async () => {
    const origin = w.origin('walk.example');
    const own = `alice  ${'x'.repeat(PARAM_LIMITS.web2Id - origin.length - 1 - 'alice  '.length)}`;
    const { dapp, consent } = await askFrom('walk.example', { scoreId: 'credit-v1', condition: 600, web2Id: own, bindOrigin: true });
    try {
      expect((await shown(consent, 'consent-web2id')).text).toBe(`${origin}#${own}`);
      await expectFits(consent, 'bound');
    } finally {
      await consent.close();
      await dapp.close();
    }
  });
}

describe('the consent window at its real size, in English', () => {
  consentWorld('en');
});

describe('the consent window at its real size, in Vietnamese', () => {
  consentWorld('vi');
});
