/**
 * The proof page end to end in Chromium, against the whole sandbox server:
 * an app creates a session over HTTP, the user goes through the page with an
 * EIP-1193 wallet (injected, backed by a viem local account holding a dataset
 * demo wallet's key) or with a throwaway demo wallet, and the app polls,
 * takes the proof and verifies it.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoWallet } from '../dataset/profile.ts';
import { startSandbox, type Sandbox } from '../server.ts';
import { proofPageUrl } from './page-routes.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SETUP = 120_000; // dataset generation and browser launch on a loaded machine
const PROVING = 60_000; // a ceiling for one real proof through the page, not a timing goal

let sandbox: Sandbox;
let browser: Browser;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([
    startSandbox({ port: 0, scale: 0.05 }),
    chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    }),
  ]);
}, SETUP);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

function demoWallet(labelPart: string): DemoWallet {
  const wallet = sandbox.dataset.demoWallets().find((w) => w.label.includes(labelPart));
  if (!wallet) throw new Error(`The dataset has no demo wallet labelled "${labelPart}".`);
  return wallet;
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${sandbox.integrationBaseUrl}${path}`, {
    ...init, headers: { 'x-apikey': sandbox.apiKey, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const createSession = (web2Id: string, condition: number, scoreId = 'credit-v1') =>
  api<{ sessionId: string }>(`/platform-services/createUrl?${new URLSearchParams({ web2Id, condition: String(condition), scoreId })}`)
    .then((r) => r.sessionId);
const proofData = (id: string) => api<{ status: string; proof?: string }>(`/platform/services/getProofData?sessionId=${id}`);
const scoreOf = (address: string, scoreId = 'credit-v1') =>
  api<{ score: number }>(`/platform-services/calculateCustomScore/${address}?scoreId=${scoreId}`).then((r) => r.score);

interface WalletBehaviour {
  /** The account the wallet reports. */
  readonly account: PrivateKeyAccount;
  /** The key that actually signs (a different one models a misbehaving wallet). */
  readonly signer?: PrivateKeyAccount;
  /** Reject personal_sign as a user would (EIP-1193 code 4001). */
  readonly rejectSigning?: boolean;
}

type RpcReply = { result: unknown } | { error: { code: number; message: string } };

/**
 * A browser context whose pages get `window.ethereum`: an EIP-1193 provider
 * whose requests are answered in Node by a viem local account.
 */
async function contextWithWallet(wallet: WalletBehaviour | undefined): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (!wallet) return context;
  await context.exposeFunction('vantageTestWallet', async (method: string, params: unknown[]): Promise<RpcReply> => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [wallet.account.address] };
      case 'personal_sign': {
        if (wallet.rejectSigning) return { error: { code: 4001, message: 'User rejected the request.' } };
        const [data, address] = params as [`0x${string}`, string];
        if (address.toLowerCase() !== wallet.account.address.toLowerCase()) {
          return { error: { code: 4100, message: 'Unknown account.' } };
        }
        return { result: await (wallet.signer ?? wallet.account).signMessage({ message: { raw: data } }) };
      }
      default:
        return { error: { code: 4200, message: `Unsupported method ${method}` } };
    }
  });
  await context.addInitScript(() => {
    const call = (window as unknown as { vantageTestWallet(m: string, p: unknown[]): Promise<RpcReply> }).vantageTestWallet;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isVantageTestWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const reply = await call(method, params ?? []);
        if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return reply.result;
      },
    };
  });
  return context;
}

async function openProofPage(context: BrowserContext, sessionId: string): Promise<Page> {
  const page = await context.newPage();
  const res = await page.goto(proofPageUrl(sandbox.origin, sessionId));
  expect(res?.status()).toBe(200);
  await page.locator('main[data-phase="awaiting-wallet"]').waitFor();
  return page;
}

describe('the proof page in Chromium', () => {
  it('explains the request, then proves a qualifying score from the page’s wallet; the app verifies it', async () => {
    const wallet = demoWallet('long-time regular');
    const score = await scoreOf(wallet.address);
    const condition = score - 20;
    const sessionId = await createSession('alice@lender.example', condition);
    const context = await contextWithWallet({ account: privateKeyToAccount(wallet.privateKey) });
    try {
      const page = await openProofPage(context, sessionId);
      await expect(page.locator('#web2id').textContent()).resolves.toBe('alice@lender.example');
      await expect(page.locator('#model').textContent()).resolves.toBe('Vantage Credit v1 (credit-v1)');
      await expect(page.locator('#condition').textContent()).resolves.toBe(`a score of at least ${condition}`);
      expect(await proofData(sessionId)).toEqual({ status: 'PROCESSING' });

      await page.getByRole('button', { name: 'Connect your wallet' }).click();
      await page.locator('main[data-phase="finished"]').waitFor({ timeout: PROVING });
      await expect(page.locator('#status').textContent()).resolves.toContain(`Proof ready: your score of ${score}`);
    } finally {
      await context.close();
    }

    const data = await proofData(sessionId);
    expect(data.status).toBe('FINISHED');
    const proof = JSON.parse(data.proof!) as { proof: object; publicSignals: string[] };
    expect(proof.publicSignals[0]).toBe(String(score));
    expect(data.proof!.toLowerCase()).not.toContain(wallet.address.slice(2).toLowerCase());
    await expect(api('/bank/user/verify', { method: 'POST', body: JSON.stringify({ proof }) })).resolves.toEqual({ valid: true });

    const forged = structuredClone(proof);
    forged.publicSignals[0] = String(score + 50);
    await expect(api('/bank/user/verify', { method: 'POST', body: JSON.stringify({ proof: forged }) })).resolves.toEqual({ valid: false });
  }, SETUP);

  it('offers a clearly labelled throwaway demo wallet to people without one, and proves with it', async () => {
    const wallet = demoWallet('whale');
    const score = await scoreOf(wallet.address);
    const sessionId = await createSession('no-wallet-user', score - 10);
    const context = await contextWithWallet(undefined);
    try {
      const page = await openProofPage(context, sessionId);
      await expect(page.getByRole('button', { name: 'Connect your wallet' }).isDisabled()).resolves.toBe(true);
      await expect(page.locator('#no-wallet').isVisible()).resolves.toBe(true);
      await expect(page.locator('.warning').textContent()).resolves.toMatch(/keys are public/);
      const demoButton = page.getByRole('button', { name: /throwaway demo wallet .*whale/ });
      await demoButton.click();
      await page.locator('main[data-phase="finished"]').waitFor({ timeout: PROVING });
    } finally {
      await context.close();
    }
    const data = await proofData(sessionId);
    expect(data.status).toBe('FINISHED');
    expect(JSON.parse(data.proof!).publicSignals[0]).toBe(String(score));
  }, SETUP);

  it('shows a clear message and makes no proof when the score is below the condition', async () => {
    const wallet = demoWallet('new one-off');
    const score = await scoreOf(wallet.address);
    const sessionId = await createSession('newcomer', score + 1);
    const context = await contextWithWallet({ account: privateKeyToAccount(wallet.privateKey) });
    try {
      const page = await openProofPage(context, sessionId);
      await page.getByRole('button', { name: 'Connect your wallet' }).click();
      await page.locator('main[data-phase="below-condition"]').waitFor();
      await expect(page.locator('#status').textContent()).resolves.toBe(
        `Your score is ${score}, below the required ${score + 1}. No proof was generated. You may try another wallet.`,
      );
    } finally {
      await context.close();
    }
    expect(await proofData(sessionId)).toEqual({ status: 'PROCESSING' });
  }, SETUP);

  it('refuses a signature by a different wallet than the one connected', async () => {
    const claimed = demoWallet('whale');
    const actual = demoWallet('new one-off');
    const sessionId = await createSession('impostor', 300);
    const context = await contextWithWallet({
      account: privateKeyToAccount(claimed.privateKey), signer: privateKeyToAccount(actual.privateKey),
    });
    try {
      const page = await openProofPage(context, sessionId);
      await page.getByRole('button', { name: 'Connect your wallet' }).click();
      await page.locator('main[data-error="true"]').waitFor();
      await expect(page.locator('#status').textContent()).resolves.toMatch(/not made by this wallet/);
      await expect(page.locator('main').getAttribute('data-phase')).resolves.toBe('awaiting-wallet');
    } finally {
      await context.close();
    }
    expect(await proofData(sessionId)).toEqual({ status: 'PROCESSING' });
  }, SETUP);

  it('says so when the user declines to sign, and shares nothing', async () => {
    const wallet = demoWallet('whale');
    const sessionId = await createSession('shy', 300);
    const context = await contextWithWallet({ account: privateKeyToAccount(wallet.privateKey), rejectSigning: true });
    try {
      const page = await openProofPage(context, sessionId);
      await page.getByRole('button', { name: 'Connect your wallet' }).click();
      await page.locator('main[data-error="true"]').waitFor();
      await expect(page.locator('#status').textContent()).resolves.toMatch(/declined/);
    } finally {
      await context.close();
    }
    expect(await proofData(sessionId)).toEqual({ status: 'PROCESSING' });
  }, SETUP);

  it('tells the user when the link is unknown or expired', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const res = await page.goto(proofPageUrl(sandbox.origin, '00000000-0000-4000-8000-000000000000'));
      expect(res?.status()).toBe(404);
      await expect(page.locator('h1').textContent()).resolves.toMatch(/unknown or has expired/);
    } finally {
      await context.close();
    }
  });
});
