import { PAGE_METHODS, ProofErrorCode, type ProofRequestParams, type RequestArguments, type RequestOptions, type ScoreProofResult, type VantageProvider } from './contract.ts';
import { isParamError, parseProofRequest, parseRequestParams, readCancelId, readRequestMethod } from './params.ts';

/** What a provider does; providerMethods reads the page's arguments into it. */
export interface ProviderOps {
  /** Starts a request; `parse` reads the parameters (throws -32602). Never throws. */
  start(parse: () => ProofRequestParams, options: unknown): Promise<ScoreProofResult>;
  /** Cancels this page's request `id` (read and checked here). */
  cancel(id: string): Promise<boolean>;
  /** The error a page gets (the provider's own Error class). */
  error(message: string, code: ProofErrorCode, data?: unknown): Error;
}

/**
 * `window.vantage`'s methods over a provider's operations: the one place that reads a page's calls
 * (docs/page-api.md), shared by the extension's provider (page-api.ts) and @vantage/sdk/testing's mock,
 * so both read every call alike. Pure: the main-world script carries it.
 */
export function providerMethods(ops: ProviderOps): Pick<VantageProvider, 'requestScoreProof' | 'cancelRequest' | 'request'> {
  /** A parameter refusal (params.ts throws only its own errors) as the page gets it. */
  const invalid = (e: unknown) => ops.error(isParamError(e) ? e.message : 'Invalid parameters.', ProofErrorCode.InvalidParams);
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
    requestScoreProof: (params: unknown, options?: RequestOptions) => ops.start(() => parseProofRequest(params), options),
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
      if (method === PAGE_METHODS.requestScoreProof) return ops.start(() => parseRequestParams(args), options);
      if (method === PAGE_METHODS.cancelRequest) return cancel(() => readCancelId((args as { params?: unknown }).params));
      const named = method.slice(0, 64);
      return Promise.reject(ops.error(`Vantage does not support the method "${named}".`, ProofErrorCode.UnsupportedMethod, { method: named }));
    }) as VantageProvider['request'],
  };
}
