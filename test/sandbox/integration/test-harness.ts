import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { DemoWallet, WalletDirectory } from '../dataset/profile.ts';
import { directoryOf, farmer, newcomer, sampleProfiles, seasonedBorrower } from '../scores/test-profiles.ts';
import { createIntegrationHandler, type IntegrationContext, type IntegrationService } from './handler.ts';
import { INTEGRATION_BASE_PATH } from './operations.ts';

/**
 * The integration handler behind a bare node:http server on a free port,
 * with the API-key rule the sandbox server applies. For tests of this
 * directory only; whole-sandbox tests use startSandbox.
 */
export interface Harness {
  readonly origin: string;
  readonly base: string;
  readonly apiKey: string;
  readonly service: IntegrationService;
  /** GET/POST against the integration base with the API key (unless `key: null`). */
  call(path: string, init?: { method?: string; body?: unknown; key?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

export const TEST_API_KEY = 'integration-test-key';

export async function startHarness(overrides: Partial<IntegrationContext> = {}): Promise<Harness> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Requests arrive only once the port is known, after `service` exists.
    void service(req, res, url).then((handled) => {
      if (!handled) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'not found' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service: IntegrationService = createIntegrationHandler({
    wallets: testDirectory,
    isAuthorized: (req) => req.headers['x-apikey'] === TEST_API_KEY,
    origin,
    scoreAsOf: () => 1_700_000_000,
    ...overrides,
  });
  const base = `${origin}${INTEGRATION_BASE_PATH}`;
  return {
    origin, base, apiKey: TEST_API_KEY, service,
    call(path, init = {}) {
      const headers: Record<string, string> = {};
      if (init.key !== null) headers['x-apikey'] = init.key ?? TEST_API_KEY;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${base}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      });
    },
    async close() {
      await service.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function demoWallet(label: string): DemoWallet {
  const privateKey = generatePrivateKey();
  return { label, address: privateKeyToAccount(privateKey).address.toLowerCase() as `0x${string}`, privateKey };
}

/** Demo wallets whose profiles are the hand-made ones: a strong and a weak credit history. */
export const strongWallet = demoWallet('Demo: seasoned borrower');
export const weakWallet = demoWallet('Demo: newcomer');
/** A wallet with a key but no demo listing (a user's own wallet). */
export const ownWallet = demoWallet('own farmer wallet');

export const testDirectory: WalletDirectory = directoryOf(
  [
    ...sampleProfiles,
    { ...seasonedBorrower, address: strongWallet.address },
    { ...newcomer, address: weakWallet.address },
    { ...farmer, address: ownWallet.address },
  ],
  [strongWallet, weakWallet],
);

/** Creates a proof session and returns its id. */
export async function createSession(h: Harness, params: { web2Id: string; condition: number | string; scoreId: string }): Promise<string> {
  const q = new URLSearchParams({ ...params, condition: String(params.condition) });
  const res = await h.call(`/platform-services/createUrl?${q}`);
  if (res.status !== 200) throw new Error(`createUrl answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { sessionId: string }).sessionId;
}
