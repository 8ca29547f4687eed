import { describe, expect, it } from 'vitest';
import { boundWeb2Id, PAGE_CANCELLED_MESSAGE, PAGE_API_VERSION, PROGRESS_PHASES, type ProofRequestParams, type ScoreProofResult } from '@/lib/proof/contract.ts';
import { PAGE_MESSAGES } from '@/lib/proof/page-messages.ts';
import { hashToField, MemoryNullifierStore, verifyScoreProof, type ServiceKeys } from '@/sdk/src/server.ts';

/**
 * The one contract suite for @vantage/sdk: what a dApp sees through the SDK's browser entry, run
 * against the mock (@vantage/sdk/testing, in happy-dom: test/unit/sdk/contract-mock.test.ts) and
 * against the real extension in Chromium and Firefox (test/e2e/sdk-contract*.e2e.test.ts), so the
 * mock cannot drift from the product. Each world loads the BUILT browser entry (sdk/dist/index.js)
 * into its page as `window.__vantageSdk`. What the page gets is then checked as the dApp's server
 * checks it (@vantage/sdk/server's verifyScoreProof, against the world's keys): the proof answers what
 * was asked — the model, the minimum, the web2Id, the page's own origin when bound.
 */

/**
 * What the user does: approve (and prove; `bound`: the same for a request with bindOrigin), reject in the
 * consent window, leave it up (`hold`), or approve and walk away from a proof page that says their score
 * is below the minimum (`below`).
 */
export type ContractScenario = 'approve' | 'bound' | 'reject' | 'hold' | 'below';

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
  /** The keys a dApp's server verifies this world's proofs with: the mock's test keys, or the sandbox's. */
  readonly trust: { readonly keys: ServiceKeys } | { readonly serviceOrigin: string };
}

/** What the page asks: nothing the mock's fixture was made for; the sandbox's demo wallet (747) meets it. */
export const CONTRACT_PARAMS: ProofRequestParams = { scoreId: 'credit-v1', condition: 610, web2Id: 'carol@contract.example' };
/** A minimum above the user's score (747, the mock's and the sandbox demo wallet's). */
const ABOVE_SCORE = 800;

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

/** The outcome as JSON: Firefox's WebDriver BiDi hands deep page objects back incomplete. */
async function outcomeJson(): Promise<string> {
  const state = (window as unknown as SdkWindow).__contract;
  const o = await state.done;
  return JSON.stringify({ ...o, phases: [...state.phases] });
}

const outcome = async (page: ContractPage): Promise<Outcome> => JSON.parse(await page.evaluate(outcomeJson, undefined)) as Outcome;

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

function pageOrigin(): string {
  return location.origin;
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

/** The proof commits what was asked (docs/verifying.md, "The public signals"). */
function expectAnswers(result: ScoreProofResult, asked: ProofRequestParams, committed: string): void {
  expect(result.web2Id).toBe(committed);
  expect(result.publicSignals[1]).toBe(String(asked.condition));
  expect(result.publicSignals[2]).toBe(hashToField(asked.scoreId));
  expect(result.publicSignals[3]).toBe(hashToField(committed));
}

export function sdkContractSuite(world: () => ContractWorld): void {
  describe('@vantage/sdk browser entry: the page API contract', () => {
    it('detectVantage finds the provider through the announce handshake', async () => {
      const page = await world().open('approve');
      expect(await page.evaluate(detect, undefined)).toEqual({ name: 'Vantage', version: PAGE_API_VERSION, cancels: true });
    });

    it('approve: a proof of what was asked, which the dApp’s server accepts, with progress in order from requested to handed-over', async () => {
      const w = world();
      const page = await w.open('approve');
      const user = w.user('approve');
      await page.evaluate(startRequest, CONTRACT_PARAMS);
      await user;
      const o = await outcome(page);
      expect(o).toMatchObject({ ok: true });
      if (!o.ok) return;
      const { result, phases } = o;
      expect(result).toMatchObject({ version: 1, web2Id: CONTRACT_PARAMS.web2Id, boundOrigin: null, sessionId: expect.any(String) });
      expect(result.publicSignals).toHaveLength(7);
      expect(result.proof.publicSignals).toEqual(result.publicSignals);
      expect(result.score).toBe(Number(result.publicSignals[0]));
      expect(result.score).toBeGreaterThanOrEqual(CONTRACT_PARAMS.condition);
      expectAnswers(result, CONTRACT_PARAMS, CONTRACT_PARAMS.web2Id);
      const verdict = await verifyScoreProof(result, { ...CONTRACT_PARAMS, ...w.trust, nullifiers: new MemoryNullifierStore() });
      expect(verdict).toMatchObject({ ok: true, score: result.score });
      expect(phases[0]).toBe('requested');
      expect(phases.at(-1)).toBe('handed-over');
      expect(phases).toEqual(expect.arrayContaining(['consent', 'approved', 'proof-page', 'proof-received']));
      expectInOrder(phases);
    });

    it('bindOrigin: the proof is bound to the page’s own origin, and the server that expects that origin accepts it', async () => {
      const w = world();
      const page = await w.open('bound');
      const origin = await page.evaluate(pageOrigin, undefined);
      const asked = { ...CONTRACT_PARAMS, bindOrigin: true };
      const user = w.user('bound');
      await page.evaluate(startRequest, asked);
      await user;
      const o = await outcome(page);
      expect(o).toMatchObject({ ok: true });
      if (!o.ok) return;
      expect(o.result.boundOrigin).toBe(origin);
      expectAnswers(o.result, asked, boundWeb2Id(origin, asked.web2Id));
      const verdict = await verifyScoreProof(o.result, { ...asked, origin, ...w.trust, nullifiers: null });
      expect(verdict).toMatchObject({ ok: true, boundOrigin: origin });
      // A server that is another site refuses it.
      expect(await verifyScoreProof(o.result, { ...asked, origin: 'https://phish.example', ...w.trust, nullifiers: null })).toMatchObject({ ok: false, reason: 'wrong-origin' });
    });

    it('a minimum above the user’s score: no proof; 4001 as for a user who closed the proof page', async () => {
      const w = world();
      const page = await w.open('below');
      const user = w.user('below');
      await page.evaluate(startRequest, { ...CONTRACT_PARAMS, condition: ABOVE_SCORE });
      await user;
      expect(await outcome(page)).toEqual({
        ok: false, code: 4001, message: PAGE_MESSAGES.proofPageClosed, guard: true, instance: true, phases: ['requested', 'consent', 'approved', 'proof-page', 'failed'],
      });
      await w.nothingShown();
    }, 60_000);

    it('reject: a VantageError 4001 (guard and class), its progress ending in failed', async () => {
      const w = world();
      const page = await w.open('reject');
      const user = w.user('reject');
      await page.evaluate(startRequest, CONTRACT_PARAMS);
      await user;
      expect(await outcome(page)).toEqual({
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
      expect(await outcome(page)).toEqual({
        ok: false, code: 4001, message: PAGE_CANCELLED_MESSAGE, guard: true, instance: true, phases: ['requested', 'consent', 'failed'],
      });
      await w.nothingShown();
    });

    it('invalid parameters: -32602 at once, nothing shown', async () => {
      const w = world();
      const page = await w.open('invalid');
      await page.evaluate(startRequest, { ...CONTRACT_PARAMS, web2Id: '' });
      expect(await outcome(page)).toMatchObject({ ok: false, code: -32602, guard: true, instance: true, phases: ['requested', 'failed'] });
      await w.nothingShown();
    });
  });
}
