import { PAGE_CANCELLED_MESSAGE, PAGE_METHODS, ProofErrorCode, type ProofRequestParams, type RequestArguments, type RequestOptions, type ScoreProofResult, type VantageProvider } from './contract.ts';
import { PAGE_MESSAGES } from './page-messages.ts';
import { isParamError, parseProofRequest, parseRequestParams, readCancelId, readRequestMethod, readRequestOptions } from './params.ts';

/** A request as a provider keeps it while it is pending: how to settle its promise, and the page's callback. */
export interface PendingRequest<E extends Error> {
  resolve(result: ScoreProofResult): void;
  reject(error: E): void;
  readonly onProgress?: RequestOptions['onProgress'];
}

/**
 * What a provider does with the requests providerMethods reads: the extension's (page-api.ts) hands them
 * to its relay, @vantage/sdk/testing's mock plays the user's part. `E` is the provider's own Error class.
 */
export interface ProviderOps<E extends Error> {
  /** The provider's pending requests by id: each new one is kept here (the provider may note more on it). */
  readonly pending: Map<string, PendingRequest<E>>;
  /** A fresh request id. */
  nextId(): string;
  /** Tells the page a request's progress. */
  progress(id: string, phase: 'requested'): void;
  /**
   * Ends a pending request with an error: its `failed` progress, then the rejection (a no-op for one
   * not pending). `cancelled`: the page ended it itself.
   */
  end(id: string, outcome: { readonly ok: false; readonly error: E }, cancelled?: boolean): void;
  /** Goes on with a request the rules admitted. */
  proceed(id: string, params: ProofRequestParams): void;
  /** The error a page gets. */
  error(message: string, code: ProofErrorCode, data?: unknown): E;
}

/**
 * `window.vantage`'s methods over a provider's operations: the one place that reads a page's calls
 * (docs/page-api.md) and admits a request, shared by the extension's provider and the SDK's mock, so
 * both read every call alike. Pure: the main-world script carries it.
 */
export function providerMethods<E extends Error>(ops: ProviderOps<E>): Pick<VantageProvider, 'requestScoreProof' | 'cancelRequest' | 'request'> {
  /** A parameter refusal (params.ts throws only its own errors) as the page gets it. */
  const invalid = (e: unknown) => ops.error(isParamError(e) ? e.message : 'Invalid parameters.', ProofErrorCode.InvalidParams);

  /**
   * Starts a request: options, then `requested`, then the parameters (-32602), then one per tab (4290), all
   * read in the page before anything goes on (the relay and the worker check again). Never throws.
   */
  const start = (parse: () => ProofRequestParams, options: unknown): Promise<ScoreProofResult> =>
    new Promise<ScoreProofResult>((resolve, reject) => {
      let onProgress: RequestOptions['onProgress'];
      let refusal: E | undefined;
      try {
        onProgress = readRequestOptions(options).onProgress;
      } catch (e) {
        refusal = invalid(e);
      }
      // Even a refused request is opened first: its `requested` and `failed` events name it like any other.
      const id = ops.nextId();
      ops.pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      ops.progress(id, 'requested');
      const refuse = (error: E) => ops.end(id, { ok: false, error });
      let params: ProofRequestParams | undefined;
      try {
        if (!refusal) params = parse();
      } catch (e) {
        refusal = invalid(e);
      }
      if (refusal || !params) return refuse(refusal ?? invalid(undefined));
      // One request per tab, answered here first: a page that floods costs the extension nothing.
      if (ops.pending.size > 1) return refuse(ops.error(PAGE_MESSAGES.alreadyPending, ProofErrorCode.AlreadyPending));
      ops.proceed(id, params);
    });

  const cancel = (read: () => string): Promise<boolean> => {
    let id: string;
    try {
      id = read();
    } catch (e) {
      return Promise.reject(invalid(e));
    }
    // The page cancels its own request: it rejects 4001 at once; true if it was pending.
    if (!ops.pending.has(id)) return Promise.resolve(false);
    ops.end(id, { ok: false, error: ops.error(PAGE_CANCELLED_MESSAGE, ProofErrorCode.UserRejected) }, true);
    return Promise.resolve(true);
  };
  return {
    requestScoreProof: (params: unknown, options?: RequestOptions) => start(() => parseProofRequest(params), options),
    cancelRequest: (id: unknown) => cancel(() => readCancelId({ id })),
    // One function behind VantageProvider['request']'s overloads: the method says which result it gives.
    request: ((args: RequestArguments, options?: RequestOptions): Promise<ScoreProofResult | boolean> => {
      let method: string;
      try {
        method = readRequestMethod(args);
      } catch (e) {
        return Promise.reject(invalid(e));
      }
      // Params are read only for a method Vantage has.
      if (method === PAGE_METHODS.requestScoreProof) return start(() => parseRequestParams(args), options);
      if (method === PAGE_METHODS.cancelRequest) return cancel(() => readCancelId((args as { params?: unknown }).params));
      const named = method.slice(0, 64);
      return Promise.reject(ops.error(`Vantage does not support the method "${named}".`, ProofErrorCode.UnsupportedMethod, { method: named }));
    }) as VantageProvider['request'],
  };
}
