import { describe, expect, it } from 'vitest';
import { PAGE_CANCELLED_MESSAGE, PAGE_API_VERSION, PROGRESS_PHASES, type ProofRequestParams, type ScoreProofResult } from '@/lib/proof/contract.ts';
import { PAGE_MESSAGES } from '@/lib/proof/page-messages.ts';

/**
 * The one contract suite for @vantage/sdk: what a dApp sees through the SDK's browser entry, run
 * against the mock (@vantage/sdk/testing, in happy-dom: test/unit/sdk/contract-mock.test.ts) and
 * against the real extension in Chromium and Firefox (test/e2e/sdk-contract*.e2e.test.ts), so the
 * mock cannot drift from the product. Each world loads the BUILT browser entry (sdk/dist/index.js)
 * into its page as `window.__vantageSdk`.
 */

/** What the user does: approve (and prove), reject in the consent window, or leave it up (`hold`). */
export type ContractScenario = 'approve' | 'reject' | 'hold';

export interface ContractPage {
  /** Runs `fn` in the page. In a browser it is serialised: it may use only its argument and the page's globals. */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface ContractWorld {
  /** A fresh dApp page (https, on a host the extension holds no permission for), the SDK's browser entry loaded. */
  open(scenario: ContractScenario | 'invalid'): Promise<ContractPage>;
  /** Arms the user's part of `scenario`: call before the page asks; resolves once it is played (the mock plays it itself). */
  user(scenario: ContractScenario): Promise<void>;
  /** Resolves once the extension shows nothing for the page any more (the consent window or proof page closed). */
  nothingShown(): Promise<void>;
}

/** Parameters the mock's fixture proof answers, and that the sandbox's demo wallet (747) meets. */
export const CONTRACT_PARAMS: ProofRequestParams = { scoreId: 'credit-v1', condition: 600, web2Id: 'alice@example.com' };

type Outcome =
  | { readonly ok: true; readonly result: ScoreProofResult; readonly phases: string[] }
  | { readonly ok: false; readonly code: number; readonly message: string; readonly guard: boolean; readonly instance: boolean; readonly phases: string[] };

interface PageState {
  phases: string[];
  done: Promise<Omit<Outcome, 'phases'>>;
  abort(): void;
}
type SdkWindow = Window & { __vantageSdk: typeof import('@/sdk/src/index.ts'); __contract: PageState };

// ---- run in the page (self-contained: serialised into the browser) ----

function startRequest(params: unknown): void {
  const w = window as unknown as SdkWindow;
  const sdk = w.__vantageSdk;
  const controller = new AbortController();
  const phases: string[] = [];
  w.__contract = {
    phases,
    abort: () => controller.abort(),
    done: sdk.requestScoreProof(params as ProofRequestParams, { onProgress: (p) => void phases.push(p.phase), signal: controller.signal }).then(
      (result) => ({ ok: true as const, result }),
      (e: unknown) => {
        const err = e as { code: number; message: string };
        return { ok: false as const, code: err.code, message: err.message, guard: sdk.isVantageError(e), instance: e instanceof sdk.VantageError };
      },
    ),
  };
}

async function outcome(): Promise<Outcome> {
  const state = (window as unknown as SdkWindow).__contract;
  const o = await state.done;
  return { ...o, phases: [...state.phases] } as Outcome;
}

/** Resolves once the pending request reached `phase` (its progress events). */
function reached(phase: string): Promise<void> {
  const state = (window as unknown as SdkWindow).__contract;
  return new Promise((resolve) => {
    if (state.phases.includes(phase)) return resolve();
    const on = (e: Event) => {
      if ((e as CustomEvent<{ phase: string }>).detail.phase !== phase) return;
      window.removeEventListener('vantage:progress', on);
      resolve();
    };
    window.addEventListener('vantage:progress', on);
  });
}

async function secondRequest(params: unknown): Promise<number | 'resolved'> {
  const sdk = (window as unknown as SdkWindow).__vantageSdk;
  return sdk.requestScoreProof(params as ProofRequestParams).then(() => 'resolved' as const, (e: { code: number }) => e.code);
}

function abort(): void {
  (window as unknown as SdkWindow).__contract.abort();
}

async function detect(): Promise<{ name: string; version: string; cancels: boolean } | null> {
  const p = await (window as unknown as SdkWindow).__vantageSdk.detectVantage({ timeoutMs: 10_000 });
  return p && { name: p.name, version: p.version, cancels: typeof p.cancelRequest === 'function' };
}

// ---- the suite ----

/** The phases seen, in the contract's order, each at most once. */
function expectInOrder(phases: readonly string[]): void {
  const order = phases.map((p) => (PROGRESS_PHASES as readonly string[]).indexOf(p));
  expect(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]!))).toBe(true);
}

export function sdkContractSuite(world: () => ContractWorld): void {
  describe('@vantage/sdk browser entry: the page API contract', () => {
    it('detectVantage finds the provider through the announce handshake', async () => {
      const page = await world().open('approve');
      expect(await page.evaluate(detect, undefined)).toEqual({ name: 'Vantage', version: PAGE_API_VERSION, cancels: true });
    });

    it('approve: the proof, with progress in order from requested to handed-over', async () => {
      const w = world();
      const page = await w.open('approve');
      const user = w.user('approve');
      await page.evaluate(startRequest, CONTRACT_PARAMS);
      await user;
      const o = await page.evaluate(outcome, undefined);
      expect(o).toMatchObject({ ok: true });
      if (!o.ok) return;
      const { result, phases } = o;
      expect(result).toMatchObject({ version: 1, web2Id: CONTRACT_PARAMS.web2Id, boundOrigin: null, sessionId: expect.any(String) });
      expect(result.publicSignals).toHaveLength(7);
      expect(result.proof.publicSignals).toEqual(result.publicSignals);
      expect(result.score).toBe(Number(result.publicSignals[0]));
      expect(result.score).toBeGreaterThanOrEqual(CONTRACT_PARAMS.condition);
      expect(phases[0]).toBe('requested');
      expect(phases.at(-1)).toBe('handed-over');
      expect(phases).toEqual(expect.arrayContaining(['consent', 'approved', 'proof-page', 'proof-received']));
      expectInOrder(phases);
    });

    it('reject: a VantageError 4001 (guard and class), its progress ending in failed', async () => {
      const w = world();
      const page = await w.open('reject');
      const user = w.user('reject');
      await page.evaluate(startRequest, CONTRACT_PARAMS);
      await user;
      expect(await page.evaluate(outcome, undefined)).toEqual({
        ok: false, code: 4001, message: PAGE_MESSAGES.userRejected, guard: true, instance: true, phases: ['requested', 'consent', 'failed'],
      });
      await w.nothingShown();
    });

    it('one pending request per tab: a second gets 4290; aborting the first rejects it 4001 and closes the consent window', async () => {
      const w = world();
      const page = await w.open('hold');
      const user = w.user('hold');
      await page.evaluate(startRequest, CONTRACT_PARAMS);
      await user;
      await page.evaluate(reached, 'consent');
      expect(await page.evaluate(secondRequest, CONTRACT_PARAMS)).toBe(4290);
      await page.evaluate(abort, undefined);
      expect(await page.evaluate(outcome, undefined)).toEqual({
        ok: false, code: 4001, message: PAGE_CANCELLED_MESSAGE, guard: true, instance: true, phases: ['requested', 'consent', 'failed'],
      });
      await w.nothingShown();
    });

    it('invalid parameters: -32602 at once, nothing shown', async () => {
      const w = world();
      const page = await w.open('invalid');
      await page.evaluate(startRequest, { ...CONTRACT_PARAMS, web2Id: '' });
      expect(await page.evaluate(outcome, undefined)).toMatchObject({ ok: false, code: -32602, guard: true, instance: true, phases: ['requested', 'failed'] });
      await w.nothingShown();
    });
  });
}
