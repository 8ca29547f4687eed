/**
 * @vantage/sdk/testing: a stand-in for the Vantage extension, so a dApp tests its integration without
 * it. `mockVantage(window, scenario)` installs a `window.vantage` that keeps the page API's contract
 * (docs/page-api.md) — the announce handshake, the parameter rules (the extension's own code), secure
 * sites only (4100), progress in order, one pending request per tab (4290), cancel (4001), and its error
 * codes and messages — and plays the user's part as the scenario says. An approval hands over a proof of
 * what was asked: the page's scoreId, minimum and web2Id, bound to the page's own origin with
 * `bindOrigin`, and the mock user's score; a minimum above that score is refused as the extension
 * refuses it. The proof is a Groth16 proof that a dApp's server verifies offline with MOCK_SERVICE_KEYS
 * (test keys: testing/mock-prover.ts), so page → server runs end to end in the dApp's own tests.
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
  boundWeb2Id,
  scoreProofResult,
  SERVICE_WEB2ID_MAX,
  type ProgressPhase,
  type ProofProgress,
  type ProofRequestParams,
  type ScoreProofResult,
  type VantageProvider,
} from '@/lib/proof/contract.ts';
import { PAGE_MESSAGES, timedOutMessage } from '@/lib/proof/page-messages.ts';
import { mayRequestProofs } from '@/lib/proof/origins.ts';
import { providerMethods, type PendingRequest } from '@/lib/proof/provider-methods.ts';
import { VantageError, disconnectedError } from './errors.ts';
import fixtureJson from './fixtures/score-proof.json';
import { hashToFieldAsync, MOCK_SERVICE_KEYS, mockProof } from './testing/mock-prover.ts';

export { MOCK_SERVICE_KEYS };
export type { ServiceKeys } from './server/keys.ts';

export interface FixtureProof {
  /** What the proof answers: ask with these parameters for a proof your server accepts as asked. */
  readonly request: ProofRequestParams;
  readonly result: ScoreProofResult;
}

/**
 * Real proofs by the sandbox's prover (test/sandbox/zk/sdk-fixture.ts), which verify against the
 * sandbox's keys (`npm run sandbox` serves them at `/zk/…`): `result` for FIXTURE_PROOF.request, `bound`
 * for the same with `bindOrigin: true` on `https://dapp.example`. The mock hands over proofs of its own
 * (MOCK_SERVICE_KEYS), or one of these when its scenario's `result` says so.
 */
export const FIXTURE_PROOF = fixtureJson as unknown as FixtureProof & { readonly bound: FixtureProof & { readonly origin: string } };

/** What the user does when asked: the consent window's buttons, closing it or the proof page, or nothing. */
export type MockUser = 'approve' | 'reject' | 'close' | 'close-proof-page' | 'wait';

export interface MockScenario {
  /** Default 'approve': consent, the proof page, the proof handed over. 'wait': the window stays up (see timeoutMs). */
  readonly user?: MockUser;
  /**
   * The mock user's score, in every model (default 747). A request whose minimum is above it gets what
   * the extension gives: the proof page tells the user they do not qualify, they close it, 4001
   * ("The user closed the proof page without a proof.") — the same as a user who walked away.
   */
  readonly score?: number;
  /** The mock user's wallet: its nullifier (publicSignals[6]) is the same in every proof (default 'mock-wallet'). */
  readonly wallet?: string;
  /** The page's origin as the browser reports it to the extension (default: the window's own `location.origin`). */
  readonly origin?: string;
  /** Hand over this result instead of a proof of what was asked (e.g. FIXTURE_PROOF.result). */
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
  /**
   * A proof the user sends unasked ("Prove my score to this site"): a `vantage:proof` event, with the
   * result it carried. Default: a proof for the user's default model and minimum (credit-v1, 600) and
   * the pseudonym Vantage keeps for the site as web2Id.
   */
  sendProof(result?: ScoreProofResult): Promise<ScoreProofResult>;
  /** Removes `window.vantage` and ends what is pending (4900, as when the extension is removed). */
  uninstall(): void;
}

type Win = Window & { vantage?: unknown };

const FAILURE_MESSAGES = {
  [ProofErrorCode.Unauthorized]: PAGE_MESSAGES.notSetUp,
  [ProofErrorCode.ServiceFailed]: PAGE_MESSAGES.serviceFailed,
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
  const { user = 'approve', verify = true, alwaysAllowed = false, stepMs = 0, timeoutMs, failWith, injectAfterMs = 0, score = 747, wallet = 'mock-wallet' } = scenario;
  /** The origin the browser would report: read when asked, as the page may have moved (a test's URL change). */
  const originOf = () => scenario.origin ?? w.location.origin;
  const pseudonym = `vp-${globalThis.crypto.randomUUID()}`;
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

  /** What the service would prove for this request: its minimum, model and committed web2Id, the user's score and wallet. */
  async function proofFor(params: Pick<ProofRequestParams, 'scoreId' | 'condition'>, web2Id: string, boundOrigin?: string): Promise<ScoreProofResult> {
    const [scoreIdHash, web2IdHash, nullifier] = await Promise.all([hashToFieldAsync(params.scoreId), hashToFieldAsync(web2Id), hashToFieldAsync(`vantage-mock-wallet:${wallet}`)]);
    const { Ax, Ay } = MOCK_SERVICE_KEYS.attestationKey;
    const proof = mockProof([String(score), String(params.condition), scoreIdHash, web2IdHash, Ax, Ay, nullifier]);
    const sessionId = `mock-session-${globalThis.crypto.randomUUID()}`;
    return scoreProofResult({ sessionId, proofText: JSON.stringify(proof), web2Id, ...(boundOrigin ? { boundOrigin } : {}) });
  }

  /** The user's part and the extension's, one phase per step; each step first checks the request is still pending. */
  async function run(id: string, params: ProofRequestParams): Promise<void> {
    const step = async (phase?: ProgressPhase) => {
      await later();
      if (!pending.has(id)) return false;
      if (phase) progress(id, phase);
      return true;
    };
    // What the extension's worker refuses before any window (lib/proof/runner.ts): an insecure site, a bound web2Id too long.
    const origin = originOf();
    const web2Id = params.bindOrigin ? boundWeb2Id(origin, params.web2Id) : params.web2Id;
    if (!mayRequestProofs(origin)) {
      if (await step()) fail(id, ProofErrorCode.Unauthorized, PAGE_MESSAGES.insecureSite);
      return;
    }
    if (web2Id.length > SERVICE_WEB2ID_MAX) {
      if (await step()) fail(id, ProofErrorCode.InvalidParams, `web2Id bound to this origin must be at most ${SERVICE_WEB2ID_MAX} characters in all.`);
      return;
    }
    if (failWith !== undefined) {
      if (await step()) {
        if (failWith === ProofErrorCode.Disconnected) end(id, { ok: false, error: disconnectedError() });
        else fail(id, failWith, FAILURE_MESSAGES[failWith]);
      }
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
    // The service opens no session for a minimum it cannot prove (createUrl: a whole score 0–850): a service failure.
    if (!Number.isInteger(params.condition) || params.condition < 0 || params.condition > 850) {
      if (await step()) fail(id, ProofErrorCode.ServiceFailed, PAGE_MESSAGES.serviceFailed);
      return;
    }
    if (!(await step('proof-page'))) return;
    showing = 'proof-page';
    // Below the minimum the service makes no proof; its page says so and the user closes it.
    if (user === 'close-proof-page' || (scenario.result === undefined && score < params.condition)) {
      if (await step()) fail(id, ProofErrorCode.UserRejected, PAGE_MESSAGES.proofPageClosed);
      return;
    }
    if (user === 'wait') return;
    if (!(await step('proof-received'))) return;
    showing = null;
    if (verify && !(await step('verifying'))) return;
    const result = scenario.result ? structuredClone(scenario.result) : await proofFor(params, web2Id, params.bindOrigin ? origin : undefined);
    if (!(await step())) return;
    end(id, { ok: true, result });
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
    async sendProof(result) {
      const detail = result ? structuredClone(result) : await proofFor({ scoreId: 'credit-v1', condition: 600 }, pseudonym);
      w.dispatchEvent(new CustomEvent(PROOF_EVENT, { detail }));
      return detail;
    },
    uninstall() {
      clearTimeout(injection);
      w.removeEventListener(REQUEST_EVENT, announce);
      for (const id of [...pending.keys()]) end(id, { ok: false, error: disconnectedError() });
      if (installed) delete w.vantage;
      installed = false;
    },
  };
}
