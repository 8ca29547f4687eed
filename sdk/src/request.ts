import {
  PAGE_CANCELLED_MESSAGE,
  ProofErrorCode,
  type ProofProgress,
  type ProofRequestParams,
  type ScoreProofResult,
  type VantageProvider,
} from '@/lib/proof/contract.ts';
import { detectVantage, type DetectOptions } from './detect.ts';
import { toVantageError, VantageError } from './errors.ts';

export interface ScoreProofOptions extends DetectOptions {
  /** Each step of the request, in order (docs/page-api.md, "Progress"). */
  readonly onProgress?: (progress: ProofProgress) => void;
  /** Aborting cancels the request: the extension ends it, and the promise rejects with 4001. */
  readonly signal?: AbortSignal;
  /** The provider to ask (from detectVantage); found with detectVantage({ timeoutMs, window }) when absent. */
  readonly provider?: VantageProvider | null;
}

/** The message of the 4900 given when no extension announced itself. */
export const NOT_INSTALLED_MESSAGE = 'The Vantage extension is not installed or not enabled in this browser.';

const cancelled = () => new VantageError(PAGE_CANCELLED_MESSAGE, ProofErrorCode.UserRejected);

/**
 * Asks the user for a proof of their score (docs/page-api.md, "Asking for a proof"). Resolves
 * with the proof; rejects with a VantageError: the page API's codes, 4900 when Vantage is not
 * there, 4001 when `signal` aborts (the extension then ends the flow it started).
 */
export async function requestScoreProof(params: ProofRequestParams, options: ScoreProofOptions = {}): Promise<ScoreProofResult> {
  const { signal, onProgress } = options;
  if (signal?.aborted) throw cancelled();
  const provider = options.provider === undefined ? await detectVantage(options) : options.provider;
  if (!provider) throw new VantageError(NOT_INSTALLED_MESSAGE, ProofErrorCode.Disconnected);
  if (signal?.aborted) throw cancelled();

  let id: string | undefined;
  let onAbort = () => {};
  // The request's id comes with its first progress event, before requestScoreProof returns.
  const pending = provider.requestScoreProof(params, {
    onProgress: (p) => {
      id ??= p.id;
      onProgress?.(p);
    },
  });
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      // An extension before 1.1.0 cannot cancel: the page stops waiting all the same.
      if (id !== undefined && typeof provider.cancelRequest === 'function') void provider.cancelRequest(id).catch(() => false);
      else reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([pending, aborted]);
  } catch (e) {
    throw toVantageError(e);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
