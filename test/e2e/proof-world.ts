import { defaultSettings } from '@/lib/settings/schema.ts';
import { startExampleDapp, type ExampleDapp } from '@/test/sandbox/example-dapp/server.ts';
import { startSandbox, type Sandbox } from '@/test/sandbox/server.ts';
import type { BrowserDriver, LaunchBrowser, TestPage } from './driver/types.ts';
import { startRequestLog, type CannedAnswer, type RequestLog } from './request-log.ts';
import { selfSignedCert } from './https-site.ts';

/**
 * Everything the proof scenarios and the proof bench need, in either browser:
 * the sandbox (service + proof page) behind a request log, the example dApp
 * the way real dApps are — https on a made-up host the extension holds no
 * permission for — plus a second such site (where a tab may wander off to)
 * and one loopback dApp (a host the manifest grants), the extension
 * configured for the sandbox, and an EIP-1193 test wallet on the proof page.
 */

/**
 * Made-up hostnames, resolved to 127.0.0.1 by the test browser only, all served
 * by one https dApp server. Scenarios that reject use their own site: a rejected
 * site cools down before it may ask again (lib/proof/cooldown.ts).
 */
export const SITE_HOSTS = [
  'dapp.example', 'other.example', 'reject.example', 'close.example', 'flood.example', 'block.example', 'allow.example', 'walk.example', 'below.example', 'history.example', 'cancel.example', 'bound.example',
  'reload.example', 'closing.example',
] as const;
export type SiteHost = (typeof SITE_HOSTS)[number];

export interface ProofWorld {
  readonly sandbox: Sandbox;
  /** https://dapp.example:PORT */
  readonly dapp: ExampleDapp;
  /** The same dApp as seen on another made-up site: https://<host>:PORT. */
  origin(host: SiteHost): string;
  /** http://127.0.0.1:PORT: a dApp on a host the manifest grants. */
  readonly loopback: ExampleDapp;
  readonly driver: BrowserDriver;
  /** In front of the integration API: which calls the worker made, in order. */
  readonly log: RequestLog;
  /** Answers the worker's calls (path with query) in the service's place where `answer` gives one; none: the sandbox answers. */
  answerFor(answer?: (path: string) => CannedAnswer | undefined): void;
  /** Opens a dApp origin (at `/?run=<tag>`) and waits until it has found the extension. */
  openDapp(tag?: string, origin?: string): Promise<TestPage>;
  /** Regex for the service's proof page. */
  readonly proofPage: RegExp;
  /** On the proof page: prove with the sandbox's demo wallet that scores 747 on credit-v1 (above the dApp's 600). */
  prove(proofPage: TestPage): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long a dApp page may take, once the proof is made, to have it and to have checked it (`#result[data-checked]`):
 * the worker's next poll, its verify with the service, then the page's three checks (the service's verify through the
 * dApp's server, snarkjs in the page, the server's acceptance). A ceiling, not a goal: about a second on a quiet
 * machine; with three proof files side by side (`npm run test:repeat -- <file> 9 --at-once 3`) each verify waited
 * seconds for the test process's event loop, and the whole took over 30 s; on a slow day of this machine kind
 * (2026-11-29, docs/benchmarks.md: every file's CPU about twice) over 60 s in the whole suite. A test that waits this
 * long says so in its own time-out (TEST_WITH_PROOF_MS).
 */
export const PROOF_CHECKED_WITHIN_MS = 120_000;
/** The time-out of a test that waits for a proof to be made and checked once: its flow, a proof, and the ceiling above. */
export const TEST_WITH_PROOF_MS = 240_000;

/** What the worlds of one file may share: the sandbox (service, proof page, prover) and the dApp sites. */
export interface ProofServices {
  readonly sandbox: Sandbox;
  /** https://dapp.example:PORT, and every other made-up site on the same port. */
  readonly dapp: ExampleDapp;
  /** http://127.0.0.1:PORT */
  readonly loopback: ExampleDapp;
  close(): Promise<void>;
}

export async function startProofServices(): Promise<ProofServices> {
  const [sandbox, tls] = await Promise.all([startSandbox({ port: 0, scale: 0.05 }), selfSignedCert(SITE_HOSTS)]);
  const service = { serviceOrigin: sandbox.origin, integrationBaseUrl: sandbox.integrationBaseUrl, apiKey: sandbox.apiKey, port: 0 };
  const [dapp, loopback] = await Promise.all([startExampleDapp({ ...service, tls, publicHost: SITE_HOSTS[0] }), startExampleDapp(service)]);
  return {
    sandbox, dapp, loopback,
    async close() {
      await Promise.all([dapp.close(), loopback.close(), sandbox.close()]);
    },
  };
}

export interface ProofWorldOptions {
  readonly extensionDir: string;
  readonly verify?: boolean;
  /**
   * Services shared with other worlds of the file (each world keeps its browser and its request log, so
   * what a case counts is its own browser's); by default the world starts and closes its own.
   */
  readonly services?: ProofServices;
}

export async function startProofWorld(launch: LaunchBrowser, opts: ProofWorldOptions): Promise<ProofWorld> {
  const services = opts.services ?? (await startProofServices());
  const { sandbox, dapp, loopback } = services;
  let answer: ((path: string) => CannedAnswer | undefined) | undefined;
  const [log, driver] = await Promise.all([
    startRequestLog(sandbox.origin, { answer: (path) => answer?.(path) }),
    // Developer mode: a test may reload the extension as an update does (driver.reloadExtension).
    launch({ extensionDir: opts.extensionDir, hosts: SITE_HOSTS, developerMode: true }),
  ]);
  const origin = (host: SiteHost) => {
    const u = new URL(dapp.origin);
    u.hostname = host;
    return u.origin;
  };
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
  const wallet = sandbox.dataset.demoWallets()[1]!.address;
  return {
    sandbox, dapp, origin, loopback, driver, log,
    answerFor(a) {
      answer = a;
    },
    proofPage: new RegExp(`^${sandbox.origin.replace(/[.]/g, '\\.')}/proof/`),
    async prove(proofPage) {
      // The service's proof page offers its throwaway demo wallets: the user's side of the flow, with no
      // wallet extension to inject (an injected provider races the page's first script in a new tab).
      const button = `button[data-demo-address="${wallet}"]:not([disabled])`;
      await proofPage.waitFor(button);
      await proofPage.click(button);
    },
    async openDapp(tag = 'e2e', at = dapp.origin) {
      const page = await driver.open(`${at}/?run=${encodeURIComponent(tag)}`);
      await page.waitFor('#extension[data-state="found"]');
      return page;
    },
    async close() {
      await driver.close();
      await Promise.all([log.close(), opts.services ? undefined : services.close()]);
    },
  };
}

/** The sandbox's own answer for a session: its status and, once FINISHED, the proof text as it sends it. */
export async function serviceProof(sandbox: Sandbox, sessionId: string): Promise<{ status: string; proof?: string }> {
  const r = await fetch(`${sandbox.integrationBaseUrl}/platform/services/getProofData?sessionId=${encodeURIComponent(sessionId)}`, {
    headers: { 'x-apikey': sandbox.apiKey },
  });
  return (await r.json()) as { status: string; proof?: string };
}
