import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import decodeQR from 'qr/decode.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleDapp, type ExampleDapp } from '@/test/sandbox/example-dapp/server.ts';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import { selfSignedCert } from './https-site.ts';
import { PROVED_WITHIN_MS, STEP_CEILING_MS } from './ceilings.ts';

/**
 * The no-extension path in a real browser WITHOUT Vantage (no-extension*.e2e.test.ts: Chromium and
 * Firefox): the example dApp on an https site, its server running the service's proof session with its
 * own API key (@vantage/sdk/server's ProofSessions), the user proving on the sandbox's proof page — in a
 * new tab of the same browser, or on a "phone" (a second browser context at 390×844) that reads the QR
 * code the page draws. The two are independent and run side by side in one browser session.
 */

/** A tab, as these scenarios use it in either browser. */
export interface Tab {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Waits for the selector to be visible, then clicks it as a user would. */
  click(selector: string): Promise<void>;
  waitFor(selector: string, timeoutMs?: number): Promise<void>;
  screenshot(path: string): Promise<void>;
  isClosed(): boolean;
}

export interface PlainBrowser {
  readonly name: 'chromium' | 'firefox';
  /** A tab of the user's desktop browser (no extension), on `url`. */
  open(url: string): Promise<Tab>;
  /** The next tab the desktop browser opens, once its URL matches. */
  nextTab(url: RegExp): Promise<Tab>;
  /** A page of a second browser context at phone size (390×844): the user's phone. */
  openPhone(url: string): Promise<Tab>;
  close(): Promise<void>;
}

/** Launches the browser with `hosts` resolving to 127.0.0.1 and their self-signed certificate accepted. */
export type LaunchPlain = (hosts: readonly string[]) => Promise<PlainBrowser>;

const SITE = 'dapp.example';
export const PHONE = { width: 390, height: 844 } as const;
const SCREENSHOTS = resolve('test-results/screenshots');

/** In the dApp's page: the QR code as the browser drew it, as pixels (JSON: Firefox's BiDi mangles big arrays). */
async function qrPixels(): Promise<string> {
  const svg = document.querySelector('[data-vantage-qr="shown"] svg')!;
  const img = new Image();
  img.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0);
  const { width, height, data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return JSON.stringify({ width, height, data: Array.from(data) });
}

/** The dApp's progress list and its server's verdict. */
function dappOutcome(): string {
  const phases = [...document.querySelectorAll<HTMLElement>('#progress li')].map((li) => li.dataset.phase);
  return JSON.stringify({ phases, accepted: document.querySelector<HTMLElement>('#result')?.dataset.accepted ?? null, status: document.querySelector('#status')?.textContent });
}

/** Does the page fit the phone's width (nothing to scroll sideways; a scrollbar's width aside), and is every control within it? */
function fitsWidth(): string {
  const width = document.documentElement.clientWidth;
  const overflow = document.documentElement.scrollWidth - width;
  const outside = [...document.querySelectorAll('button, input, dd')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < 0 || r.right > width + 0.5);
  }).length;
  return JSON.stringify({ viewport: window.innerWidth, overflow, outside });
}

export function noExtensionScenarios(launch: LaunchPlain): void {
  let sandbox: Sandbox;
  let dapp: ExampleDapp;
  let browser: PlainBrowser;
  let wallet: string;

  beforeAll(async () => {
    const [sb, tls] = await Promise.all([startSandbox({ port: 0, scale: 0.05 }), selfSignedCert([SITE])]);
    sandbox = sb;
    [dapp, browser] = await Promise.all([
      startExampleDapp({ serviceOrigin: sb.origin, integrationBaseUrl: sb.integrationBaseUrl, apiKey: sb.apiKey, port: 0, tls, publicHost: SITE }),
      launch([SITE]),
    ]);
    // The second demo wallet scores 747 on credit-v1 in this dataset: above the dApp's 600.
    wallet = sb.dataset.demoWallets()[1]!.address;
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([dapp?.close(), sandbox?.close()]);
  });

  const proofPage = () => new RegExp(`^${sandbox.origin.replace(/[.]/g, '\\.')}/proof/`);
  const proveButton = () => `button[data-demo-address="${wallet}"]:not([disabled])`;

  /** The dApp in a fresh tab, once it has concluded there is no Vantage here. */
  async function openDapp(tag: string): Promise<Tab> {
    const page = await browser.open(`${dapp.origin}/?run=${tag}`);
    await page.waitFor('#without-extension button#prove-tab', STEP_CEILING_MS);
    return page;
  }

  /** What the dApp shows once its server judged the proof. */
  async function outcome(page: Tab): Promise<{ phases: string[]; accepted: string | null; status: string }> {
    await page.waitFor('#result[data-accepted]', 60_000);
    return JSON.parse(await page.evaluate(dappOutcome, undefined)) as { phases: string[]; accepted: string | null; status: string };
  }

  const PHASES = ['requested', 'approved', 'proof-page', 'proof-received', 'handed-over'];

  describe('a user without Vantage proves through the dApp’s server', () => {
    it('side by side: in a new tab on this computer, and on a phone from the QR code (390×844)', async () => {
      const inTab = (async () => {
        const page = await openDapp('tab');
        const opened = browser.nextTab(proofPage());
        await page.click('#prove-tab');
        const tab = await opened;
        await tab.click(proveButton());
        // The page says the proof is made, unless the SDK has closed the tab it opened already: it does once the
        // request ends (Firefox lets it; Chromium keeps a tab whose opener was cut), which can come first.
        // Polled by evaluation, not a selector wait: puppeteer's selector wait, in a tab that closes under it, can
        // leave a rejection of its own unhandled (Firefox over BiDi: "no such frame").
        const finishedOrClosed = () => tab.evaluate(() => document.querySelector('#app[data-phase="finished"]') !== null, undefined)
          .catch(() => false)
          .then((finished) => finished || tab.isClosed());
        await expect.poll(finishedOrClosed, { timeout: PROVED_WITHIN_MS }).toBe(true);
        // The page carries on by itself: the proof came to its server from the service.
        return outcome(page);
      })();

      const onPhone = (async () => {
        const page = await openDapp('phone');
        await page.click('#prove-phone');
        await page.waitFor('[data-vantage-qr="shown"] svg');
        await page.screenshot(join(SCREENSHOTS, `${browser.name}-dapp-qr.png`));
        // The phone's camera: the code as the browser drew it, read back.
        const pixels = JSON.parse(await page.evaluate(qrPixels, undefined)) as { width: number; height: number; data: number[] };
        const url = decodeQR({ width: pixels.width, height: pixels.height, data: Uint8Array.from(pixels.data) });
        expect(url).toMatch(proofPage());
        const phone = await browser.openPhone(url);
        await phone.waitFor(proveButton());
        await phone.screenshot(join(SCREENSHOTS, `${browser.name}-proof-page-phone.png`));
        const fit = JSON.parse(await phone.evaluate(fitsWidth, undefined)) as { viewport: number; overflow: number; outside: number };
        expect(fit).toEqual({ viewport: PHONE.width, overflow: 0, outside: 0 });
        await phone.click(proveButton());
        await phone.waitFor('#app[data-phase="finished"]', PROVED_WITHIN_MS);
        await phone.screenshot(join(SCREENSHOTS, `${browser.name}-proof-page-phone-finished.png`));
        const result = await outcome(page);
        // The dialog is gone once the request ended.
        expect(await page.evaluate(() => document.querySelector('dialog.vantage-qr-dialog') === null, undefined)).toBe(true);
        return result;
      })();

      const [tab, phone] = await Promise.all([inTab, onPhone]);
      for (const o of [tab, phone]) {
        expect(o).toMatchObject({ phases: PHASES, accepted: 'true', status: expect.stringMatching(/^Proof received for session /) });
      }
    }, 240_000);
  });
}
