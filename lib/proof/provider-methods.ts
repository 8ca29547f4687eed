import { PAGE_METHODS, ProofErrorCode, type ProofRequestParams, type RequestArguments, type RequestOptions, type ScoreProofResult, type VantageProvider } from './contract.ts';
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
  /** A fresh request id. */
  nextId(): string;
  /** Keeps a new request under its id, and reports it `requested`. */
  keep(id: string, request: PendingRequest<E>): void;
  /** Ends request `id` refused: its `failed` progress, then the rejection. */
  refuse(id: string, error: E): void;
  /** Requests pending, the one just opened included. */
  pending(): number;
  /** Goes on with a request the rules admitted. */
  proceed(id: string, params: ProofRequestParams): void;
  /** Cancels this page's request `id` (read and checked here). */
  cancel(id: string): Promise<boolean>;
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
      ops.keep(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      let params: ProofRequestParams | undefined;
      try {
        if (!refusal) params = parse();
      } catch (e) {
        refusal = invalid(e);
      }
      if (refusal || !params) return ops.refuse(id, refusal ?? invalid(undefined));
      // One request per tab, answered here first: a page that floods costs the extension nothing.
      if (ops.pending() > 1) return ops.refuse(id, ops.error(PAGE_MESSAGES.alreadyPending, ProofErrorCode.AlreadyPending));
      ops.proceed(id, params);
    });

  const cancel = (read: () => string): Promise<boolean> => {
    let id: string;
    try {
      id = read();
    } catch (e) {
      return Promise.reject(invalid(e));
    }
    return ops.cancel(id);
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
