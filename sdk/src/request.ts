import { ProofErrorCode, type ProofProgress, type ProofRequestParams, type ScoreProofResult, type VantageProvider } from '@/lib/proof/contract.ts';
import { detectVantage, type DetectOptions } from './detect.ts';
import { cancelledError, notInstalledError, toVantageError } from './errors.ts';
import { viaServer, type WithoutExtension } from './without-extension.ts';

export interface ScoreProofOptions extends DetectOptions {
  /** Each step of the request, in order (docs/page-api.md, "Progress"). */
  readonly onProgress?: (progress: ProofProgress) => void;
  /**
   * Aborting cancels the request at whatever stage it is — looking for the extension, or pending in it:
   * the promise rejects with 4001 at once, and the extension ends the flow it started.
   */
  readonly signal?: AbortSignal;
  /** The provider to ask (from detectVantage; null: not installed); found with detectVantage({ timeoutMs, window, signal }) when absent. */
  readonly provider?: VantageProvider | null;
  /**
   * Opt in to the no-extension path: without Vantage, your server starts the service's proof session with
   * its own key (@vantage/sdk/server's ProofSessions) and the user proves on the service's page — a new tab,
   * or a QR code for a phone ('@vantage/sdk/qr'). Pass `provider` (detectVantage's answer, found before the
   * click) so the tab opens within the click. Without it, no Vantage is 4900 `not-installed`.
   */
  readonly withoutExtension?: WithoutExtension;
}

/**
 * Asks the user for a proof of their score (docs/page-api.md, "Asking for a proof"). Resolves
 * with the proof; rejects with a VantageError: the page API's codes, 4900 with `data.reason`
 * `not-installed` when Vantage is not there (`disconnected` when it went away meanwhile), 4001 when
 * `signal` aborts. With `withoutExtension`, a browser without Vantage goes through your server instead.
 */
export async function requestScoreProof(params: ProofRequestParams, options: ScoreProofOptions = {}): Promise<ScoreProofResult> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw cancelledError();
  const provider = options.provider === undefined ? await detectVantage(options) : options.provider;
  if (!provider && options.withoutExtension) return viaServer(params, options.withoutExtension, onProgress, signal);
  if (!provider) throw notInstalledError();
  if (signal?.aborted) throw cancelledError();
  return viaExtension(provider, params, onProgress, signal);
}

/** The request through the extension's provider, the page's signal honoured while it is pending. */
function viaExtension(provider: VantageProvider, params: ProofRequestParams, onProgress: ScoreProofOptions['onProgress'], signal?: AbortSignal): Promise<ScoreProofResult> {
  return new Promise((resolve, reject) => {
    let id: string | undefined;
    let settled = false;
    /** The request's last phase (failed, handed-over) went to the page: nothing follows it. */
    let ended = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    // The provider's progress until the request settles here; the id comes with the first event, before requestScoreProof returns.
    const progress = (p: ProofProgress) => {
      id ??= p.id;
      if (settled || ended) return;
      ended = p.phase === 'failed' || p.phase === 'handed-over';
      onProgress?.(p);
    };
    const onAbort = () => {
      // The extension ends the flow (an extension before 1.1.0 cannot: the page stops waiting all the same); the page is answered now.
      if (id !== undefined && typeof provider.cancelRequest === 'function') void provider.cancelRequest(id).catch(() => false);
      if (id !== undefined && !settled && !ended) progress(Object.freeze({ id, phase: 'failed', code: ProofErrorCode.UserRejected }));
      settle(() => reject(cancelledError()));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const failed = (e: unknown) => settle(() => reject(toVantageError(e)));
    try {
      provider.requestScoreProof(params, { onProgress: progress }).then((result) => settle(() => resolve(result)), failed);
    } catch (e) {
      failed(e);
    }
  });
}
