/**
 * @vantage/sdk/testing: a stand-in for the Vantage extension, so a dApp tests its integration without
 * it. `mockVantage(window, scenario)` installs a `window.vantage` that keeps the page API's contract
 * (docs/page-api.md) — the announce handshake, the parameter rules (the extension's own code), progress
 * in order, one pending request per tab (4290), cancel (4001), and its error codes and messages — and
 * plays the user's part as the scenario says. An approval hands over a real proof (fixtures/, made by
 * the sandbox's prover) that @vantage/sdk/server's verifier accepts against the sandbox's keys.
 * The same contract suite runs against this mock and the real extension in Chromium and Firefox
 * (test/contract/), so the two cannot drift apart.
 */
import {
  ANNOUNCE_EVENT,
  PAGE_API_ICON,
  PAGE_API_NAME,
  PAGE_API_RDNS,
  PAGE_API_VERSION,
  PROGRESS_EVENT,
  PROOF_EVENT,
  ProofErrorCode,
  REQUEST_EVENT,
  type ProgressPhase,
  type ProofProgress,
  type ProofRequestParams,
  type ScoreProofResult,
  type VantageProvider,
} from '@/lib/proof/contract.ts';
import { PAGE_MESSAGES, timedOutMessage } from '@/lib/proof/page-messages.ts';
import { providerMethods, type PendingRequest } from '@/lib/proof/provider-methods.ts';
import { VantageError } from './errors.ts';
import fixtureJson from './fixtures/score-proof.json';

export interface FixtureProof {
  /** What the proof answers: ask with these parameters for a proof your server accepts as asked. */
  readonly request: ProofRequestParams;
  readonly result: ScoreProofResult;
}

/**
 * Real proofs by the sandbox (test/sandbox/zk/sdk-fixture.ts): `result` for FIXTURE_PROOF.request,
 * `bound` for the same with `bindOrigin: true` on `https://dapp.example`.
 */
export const FIXTURE_PROOF = fixtureJson as unknown as FixtureProof & { readonly bound: FixtureProof & { readonly origin: string } };

/** What the user does when asked: the consent window's buttons, closing it or the proof page, or nothing. */
export type MockUser = 'approve' | 'reject' | 'close' | 'close-proof-page' | 'wait';

export interface MockScenario {
  /** Default 'approve': consent, the proof page, the proof handed over. 'wait': the window stays up (see timeoutMs). */
  readonly user?: MockUser;
  /** The proof an approval hands over (default: FIXTURE_PROOF's result, or its bound one for `bindOrigin`). */
  readonly result?: ScoreProofResult;
  /** The user always allows this site: no consent window. */
  readonly alwaysAllowed?: boolean;
  /** Whether Vantage checks the proof with the service first (the `verifying` phase). Default true. */
  readonly verify?: boolean;
  /** A request still pending this long after it was made fails with 5001. Default: never. */
  readonly timeoutMs?: number;
  /** The request fails with this code after `requested` (4100 not set up, 5000 the service failed, 4900 disconnected). */
  readonly failWith?: typeof ProofErrorCode.Unauthorized | typeof ProofErrorCode.ServiceFailed | typeof ProofErrorCode.Disconnected;
  /** Milliseconds between phases (default 0: each on a later task). */
  readonly stepMs?: number;
  /** `window.vantage` appears this long after install, as in Firefox (default 0: at once, as in Chromium). */
  readonly injectAfterMs?: number;
}

export interface MockVantageHandle {
  /** The parameters of every request that passed the rules, as the extension read them. */
  readonly requests: readonly ProofRequestParams[];
  /** What the extension has open for the pending request: its consent window, the proof page, or nothing. */
  readonly showing: 'consent' | 'proof-page' | null;
  /** A proof the user sends unasked ("Prove my score to this site"): a `vantage:proof` event. */
  sendProof(result?: ScoreProofResult): void;
  /** Removes `window.vantage` and ends what is pending (4900, as when the extension is removed). */
  uninstall(): void;
}

type Win = Window & { vantage?: unknown };

const FAILURE_MESSAGES = {
  [ProofErrorCode.Unauthorized]: PAGE_MESSAGES.notSetUp,
  [ProofErrorCode.ServiceFailed]: PAGE_MESSAGES.serviceFailed,
  [ProofErrorCode.Disconnected]: 'The Vantage extension was updated, reloaded or removed.',
} as const;

const USER_ENDINGS = {
  reject: PAGE_MESSAGES.userRejected,
  close: PAGE_MESSAGES.consentClosed,
} as const;

interface Pending extends PendingRequest<VantageError> {
  timer?: ReturnType<typeof setTimeout>;
}

export function mockVantage(win: Window, scenario: MockScenario = {}): MockVantageHandle {
  const w = win as Win;
  const { user = 'approve', verify = true, alwaysAllowed = false, stepMs = 0, timeoutMs, failWith, injectAfterMs = 0 } = scenario;
  const pending = new Map<string, Pending>();
  const requests: ProofRequestParams[] = [];
  let showing: MockVantageHandle['showing'] = null;
  let installed = false;
  let seq = 0;
  const info = Object.freeze({ uuid: globalThis.crypto?.randomUUID?.() ?? '00000000-0000-4000-8000-000000000000', name: PAGE_API_NAME, icon: PAGE_API_ICON, rdns: PAGE_API_RDNS, version: PAGE_API_VERSION });
  const later = () => new Promise<void>((r) => setTimeout(r, stepMs));

  const progress = (id: string, phase: ProgressPhase, code?: number) => {
    const detail: ProofProgress = Object.freeze({ id, phase, ...(code !== undefined ? { code } : {}) });
    w.dispatchEvent(new CustomEvent(PROGRESS_EVENT, { detail }));
    const onProgress = pending.get(id)?.onProgress;
    try {
      onProgress?.(detail);
    } catch (e) {
      queueMicrotask(() => {
        throw e;
      });
    }
  };
  const end = (id: string, outcome: { ok: true; result: ScoreProofResult } | { ok: false; error: VantageError }) => {
    const p = pending.get(id);
    if (!p) return;
    progress(id, outcome.ok ? 'handed-over' : 'failed', outcome.ok ? undefined : outcome.error.code);
    pending.delete(id);
    clearTimeout(p.timer);
    showing = null;
    if (outcome.ok) p.resolve(outcome.result);
    else p.reject(outcome.error);
  };
  const fail = (id: string, code: ProofErrorCode, message: string) => end(id, { ok: false, error: new VantageError(message, code) });

  /** The user's part and the extension's, one phase per step; each step first checks the request is still pending. */
  async function run(id: string, params: ProofRequestParams): Promise<void> {
    const step = async (phase?: ProgressPhase) => {
      await later();
      if (!pending.has(id)) return false;
      if (phase) progress(id, phase);
      return true;
    };
    if (failWith !== undefined) {
      if (await step()) fail(id, failWith, FAILURE_MESSAGES[failWith]);
      return;
    }
    if (!alwaysAllowed) {
      if (!(await step('consent'))) return;
      showing = 'consent';
      if (user === 'reject' || user === 'close') {
        if (await step()) fail(id, ProofErrorCode.UserRejected, USER_ENDINGS[user]);
        return;
      }
      if (user === 'wait') return;
    }
    if (!(await step('approved'))) return;
    if (!(await step('proof-page'))) return;
    showing = 'proof-page';
    if (user === 'close-proof-page') {
      if (await step()) fail(id, ProofErrorCode.UserRejected, PAGE_MESSAGES.proofPageClosed);
      return;
    }
    if (user === 'wait') return;
    if (!(await step('proof-received'))) return;
    showing = null;
    if (verify && !(await step('verifying'))) return;
    if (!(await step())) return;
    const result = scenario.result ?? (params.bindOrigin ? FIXTURE_PROOF.bound.result : FIXTURE_PROOF.result);
    end(id, { ok: true, result: structuredClone(result) });
  }

  // The extension's own reading of every call (lib/proof/provider-methods.ts).
  const provider: VantageProvider = Object.freeze({
    name: info.name,
    version: info.version,
    ...providerMethods<VantageError>({
      pending, progress, end,
      nextId: () => `mock-${++seq}`,
      proceed: (id, params) => {
        requests.push(params);
        if (timeoutMs !== undefined) {
          pending.get(id)!.timer = setTimeout(() => fail(id, ProofErrorCode.TimedOut, timedOutMessage(Math.max(1, Math.round(timeoutMs / 60_000)))), timeoutMs);
        }
        void run(id, params);
      },
      error: (message, code, data) => new VantageError(message, code, data),
    }),
  });

  const announce = () => {
    if (installed) w.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: info }));
  };
  const install = () => {
    Object.defineProperty(w, 'vantage', { value: provider, enumerable: true, configurable: true, writable: false });
    installed = true;
    announce();
  };
  w.addEventListener(REQUEST_EVENT, announce);
  const injection = injectAfterMs > 0 ? setTimeout(install, injectAfterMs) : undefined;
  if (injection === undefined) install();

  return {
    get requests() {
      return [...requests];
    },
    get showing() {
      return showing;
    },
    sendProof(result = FIXTURE_PROOF.result) {
      w.dispatchEvent(new CustomEvent(PROOF_EVENT, { detail: structuredClone(result) }));
    },
    uninstall() {
      clearTimeout(injection);
      w.removeEventListener(REQUEST_EVENT, announce);
      for (const id of [...pending.keys()]) fail(id, ProofErrorCode.Disconnected, FAILURE_MESSAGES[ProofErrorCode.Disconnected]);
      if (installed) delete w.vantage;
      installed = false;
    },
  };
}
