import { defaultSettings } from '../../lib/settings/schema.ts';
import { startExampleDapp, type ExampleDapp } from '../sandbox/example-dapp/server.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import type { BrowserDriver, LaunchBrowser, TestPage } from './driver/types.ts';
import { startRequestLog, type RequestLog } from './request-log.ts';
import { selfSignedCertificate } from './tls.ts';

/**
 * Everything the proof scenarios and the proof bench need, in either browser:
 * the sandbox (service + proof page) behind a request log, the example dApp
 * the way real dApps are — https on a made-up host the extension holds no
 * permission for — plus a second such site (where a tab may wander off to)
 * and one loopback dApp (a host the manifest grants), the extension
 * configured for the sandbox, and an EIP-1193 test wallet on the proof page.
 */

/** Made-up hostnames, resolved to 127.0.0.1 by the test browser only. */
export const DAPP_HOST = 'dapp.example';
export const OTHER_HOST = 'other.example';

export interface ProofWorld {
  readonly sandbox: Sandbox;
  /** https://dapp.example:PORT */
  readonly dapp: ExampleDapp;
  /** https://other.example:PORT: another site, same page (it would show any proof it got). */
  readonly other: ExampleDapp;
  /** http://127.0.0.1:PORT: a dApp on a host the manifest grants. */
  readonly loopback: ExampleDapp;
  readonly driver: BrowserDriver;
  /** In front of the integration API: which calls the worker made, in order. */
  readonly log: RequestLog;
  /** Opens a dApp (at `/?run=<tag>`) and waits until it has found the extension. */
  openDapp(tag?: string, site?: ExampleDapp): Promise<TestPage>;
  /** Regex for the service's proof page. */
  readonly proofPage: RegExp;
  close(): Promise<void>;
}

export interface ProofWorldOptions {
  readonly extensionDir: string;
  readonly verify?: boolean;
}

export async function startProofWorld(launch: LaunchBrowser, opts: ProofWorldOptions): Promise<ProofWorld> {
  const [sandbox, tls] = await Promise.all([startSandbox({ port: 0, scale: 0.05 }), selfSignedCertificate([DAPP_HOST, OTHER_HOST])]);
  const service = { serviceOrigin: sandbox.origin, integrationBaseUrl: sandbox.integrationBaseUrl, apiKey: sandbox.apiKey, port: 0 };
  const [log, dapp, other, loopback, driver] = await Promise.all([
    startRequestLog(sandbox.origin),
    startExampleDapp({ ...service, tls, publicHost: DAPP_HOST }),
    startExampleDapp({ ...service, tls, publicHost: OTHER_HOST }),
    startExampleDapp(service),
    launch({ extensionDir: opts.extensionDir, hosts: [DAPP_HOST, OTHER_HOST] }),
  ]);
  await driver.setStorage('local', {
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
  await driver.setStorage('session', { apiKey: sandbox.apiKey });
  // The second demo wallet scores 747 on credit-v1 in this dataset: above the 600 the dApp asks for.
  await driver.injectWallet(sandbox.origin, sandbox.dataset.demoWallets()[1]!.privateKey);
  return {
    sandbox, dapp, other, loopback, driver, log,
    proofPage: new RegExp(`^${sandbox.origin.replace(/[.]/g, '\\.')}/proof/`),
    async openDapp(tag = 'e2e', site = dapp) {
      const page = await driver.open(`${site.origin}/?run=${encodeURIComponent(tag)}`);
      await page.waitFor('#extension[data-state="found"]');
      return page;
    },
    async close() {
      await driver.close();
      await Promise.all([dapp.close(), other.close(), loopback.close(), log.close(), sandbox.close()]);
    },
  };
}

/** On the proof page: connect the injected wallet (it signs the session message). */
export async function proveOnProofPage(proof: TestPage): Promise<void> {
  await proof.waitFor('#connect-wallet:not([disabled])');
  await proof.click('#connect-wallet');
}

/** The sandbox's own answer for a session: its status and, once FINISHED, the proof text as it sends it. */
export async function serviceProof(sandbox: Sandbox, sessionId: string): Promise<{ status: string; proof?: string }> {
  const r = await fetch(`${sandbox.integrationBaseUrl}/platform/services/getProofData?sessionId=${encodeURIComponent(sessionId)}`, {
    headers: { 'x-apikey': sandbox.apiKey },
  });
  return (await r.json()) as { status: string; proof?: string };
}
