import type { BrowserContext, Page } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { defaultSettings } from '../../lib/settings/schema.ts';
import { startExampleDapp, type ExampleDapp } from '../sandbox/example-dapp/server.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { launchExtension, type ExtensionHarness } from './harness.ts';
import { startRequestLog, type RequestLog } from './request-log.ts';

/**
 * Everything the proof e2e and bench need: the sandbox (service + proof
 * page), the example dApp on a second origin, the extension configured for
 * the sandbox, and an EIP-1193 test wallet injected into the proof page.
 */
export interface ProofWorld {
  readonly sandbox: Sandbox;
  readonly dapp: ExampleDapp;
  readonly h: ExtensionHarness;
  /** In front of the integration API: which calls the worker made, in order. */
  readonly log: RequestLog;
  readonly wallet: { readonly address: string };
  /** Opens the example dApp (at `/?run=<tag>`, so its tab can be told apart) and waits until it has found the extension. */
  openDapp(tag?: string): Promise<Page>;
  close(): Promise<void>;
}

/** An EIP-1193 provider on `origin`'s pages only, signing with `privateKey` in the test process (viem). */
export async function injectTestWallet(context: BrowserContext, origin: string, privateKey: `0x${string}`): Promise<{ address: string }> {
  const account = privateKeyToAccount(privateKey);
  await context.exposeBinding('__vantageE2eWallet', async (_source, method: string, params: unknown[]) => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as `0x${string}` } });
      default:
        throw new Error(`Unsupported method ${method}`);
    }
  });
  // A string, not a function: tsx (the bench) rewrites named functions with an `__name` helper the page lacks.
  await context.addInitScript(`if (location.origin === ${JSON.stringify(origin)}) {
    window.ethereum = { request: (args) => window.__vantageE2eWallet(args.method, args.params ?? []) };
  }`);
  return { address: account.address };
}

/** The next page whose URL matches (extension windows open blank first). */
export function nextPage(context: BrowserContext, url: RegExp, timeout = 20_000): Promise<Page> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      context.off('page', onPage);
      reject(new Error(`No page matching ${url} within ${timeout} ms`));
    }, timeout);
    const onPage = (p: Page) => {
      p.waitForURL(url, { timeout }).then(() => {
        clearTimeout(timer);
        context.off('page', onPage);
        resolve(p);
      }, () => undefined);
    };
    context.on('page', onPage);
  });
}

export async function startProofWorld(opts: { verify?: boolean; extensionDir?: string } = {}): Promise<ProofWorld> {
  const [sandbox, h] = await Promise.all([startSandbox({ port: 0, scale: 0.05 }), launchExtension({ extensionDir: opts.extensionDir })]);
  const log = await startRequestLog(sandbox.origin);
  const dapp = await startExampleDapp({ port: 0, serviceOrigin: sandbox.origin, integrationBaseUrl: sandbox.integrationBaseUrl, apiKey: sandbox.apiKey });
  await h.setStorage('local', {
    settings: {
      ...defaultSettings,
      dataBaseUrl: `${log.origin}/dev`,
      integrationBaseUrl: `${log.origin}/v1`,
      proofPageTemplate: `${sandbox.origin}/proof/{sessionId}`,
      verifyBeforeHandOver: opts.verify ?? true,
      scoreId: 'credit-v1',
      minScore: 600,
    },
    settings$: { v: 2 },
  });
  await h.setStorage('session', { apiKey: sandbox.apiKey });
  // The second demo wallet scores 747 on credit-v1 in this dataset: above the 600 the dApp asks for.
  const demo = sandbox.dataset.demoWallets()[1]!;
  const wallet = await injectTestWallet(h.context, sandbox.origin, demo.privateKey);
  return {
    sandbox, dapp, h, log, wallet,
    async openDapp(tag = 'e2e') {
      const page = await h.context.newPage();
      await page.goto(`${dapp.origin}/?run=${encodeURIComponent(tag)}`);
      await page.locator('#extension[data-state="found"]').waitFor();
      return page;
    },
    async close() {
      await h.close();
      await Promise.all([dapp.close(), log.close(), sandbox.close()]);
    },
  };
}

/**
 * Stops the extension's worker through CDP from an extension document that
 * runs none of our scripts (the manifest), and leaves that tab open: closing
 * a tab is itself an event that wakes the worker (tabs.onRemoved). So only
 * the flow's alarm watchdog can wake it. Returns a function closing the tab.
 */
export async function stopWorkerQuietly(h: ExtensionHarness): Promise<() => Promise<void>> {
  const page = await h.context.newPage();
  await page.goto(`${h.origin}/manifest.json`);
  const cdp = await h.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  return () => page.close();
}

/**
 * Clicks a button that makes its own window close (consent: the page closes itself and the
 * worker closes it too), tolerating the page going away mid-click; resolves once it is closed.
 */
export async function clickAndClose(page: Page, name: string): Promise<void> {
  const closed = page.waitForEvent('close');
  await page.getByRole('button', { name }).click().catch((e: unknown) => {
    if (!page.isClosed()) throw e;
  });
  await closed;
}

/** On the proof page: connect the injected wallet (it signs the session message). */
export async function proveOnProofPage(proof: Page): Promise<void> {
  const connect = proof.locator('#connect-wallet');
  await connect.waitFor();
  await proof.waitForFunction(() => !(document.getElementById('connect-wallet') as HTMLButtonElement).disabled);
  await connect.click();
}
